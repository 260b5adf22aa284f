import type { Config } from 'vike/types';

declare global {
  namespace Vike {
    interface Config {
      /** The page's own title (each page's +title.ts); the document title adds the application's name. */
      title?: string;
      /** What the office pages' document title adds after the page's own (pages/(office)/+onRenderHtml.tsx). */
      titleSuffix?: string;
      /** Office pages a link opens (the counselor's): no indexing, no referrer. */
      noIndex?: boolean;
      /** Office-style pages read by a family member (pages/(office)/family): in the reader's language, not the office's. */
      readerLanguage?: boolean;
      /** Link pages of people an applicant names (counselor, teacher): English, with a switch to Spanish (docs/i18n.md). */
      offersSpanish?: boolean;
    }
  }
}

export default {
  // Pages render on the server only; interactive parts are islands hydrated by islands/hydrate.ts.
  meta: {
    title: { env: { server: true } },
    titleSuffix: { env: { server: true } },
    noIndex: { env: { server: true } },
    readerLanguage: { env: { server: true } },
    offersSpanish: { env: { server: true } },
    // No page renders in the browser (no onRenderClient): kept out of the client build, so nothing a page imports
    // for server rendering (react-dom/server, the option lists' cache) can join a chunk the browser loads.
    Page: { env: { server: true } },
  },
  passToClient: [],
} satisfies Config;
