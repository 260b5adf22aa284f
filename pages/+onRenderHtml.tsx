import { renderToString } from 'react-dom/server';
import { escapeInject, dangerouslySkipEscape } from 'vike/server';
import type { PageContextServer } from 'vike/types';
import { PageContextProvider } from './page-context.js';
import { hydratesAtLoad } from '../islands/Island.js';
import { escapeHtml } from '../contracts/escape-html.js';
import { setPageLanguage, t } from '../contracts/i18n/page-text.js';
import { ES_ISLANDS, ES_PAGES } from '../contracts/i18n/es-catalogue.js';
import { CATALOGUE_ELEMENT_ID } from '../contracts/i18n/lang-choice.js';
import { isLang, type Lang } from '../form/lang.js';
import { setSpanishTexts } from '../form/i18n/spanish-texts.js';
import { spanishTable } from '../form/i18n/spanish-table.js';
import './styles.css';

const APP_TITLE = 'Freshman Application';
// The form's Spanish (labels, options, messages), from the definition's `…Es` siblings: set once for the server's
// renders, and given to a Spanish form page's island (the browser's build has no `…Es`; vite.config.ts).
const FORM_SPANISH = spanishTable().texts;
setSpanishTexts(FORM_SPANISH);
// Replaced by the rendered body and by what the head adds for it; comments, so a document sent without the
// replacements is still valid HTML.
const BODY_MARK = '<!--page-body-->';
const HEAD_MARK = '<!--page-head-->';

type PageComponent = () => React.JSX.Element;
// What server/page-context.server.ts declares for pageBody (the global page-context type; no server import here).
type PageParts = Pick<NonNullable<PageContextServer['pageBody']>, 'html' | 'head'>;

/** What differs between two requests for the same page: its body, and the head's preload of React for it. */
function renderParts(Page: PageComponent, pageContext: PageContextServer): PageParts {
  // The page's language for every t() of this synchronous render (contracts/i18n/page-text.ts).
  const lang = langOf(pageContext);
  setPageLanguage(lang, ES_PAGES);
  const body = renderToString(
    <PageContextProvider pageContext={pageContext}>
      <Page />
    </PageContextProvider>,
  );
  // Islands get the texts they show in the page's language, and only those (docs/i18n.md); English needs none.
  const html = lang !== 'en' && body.includes(' data-island="') ? `${body}${pageTextsJson(body)}` : body;
  // React's chunk, downloaded and compiled while the page loads where an island will need it (ADR 0290): low
  // priority, after the style sheet and the page's own script.
  const head =
    pageContext.reactChunk && hydratesAtLoad(html)
      ? `\n    <link rel="modulepreload" href="${escapeHtml(pageContext.reactChunk)}" fetchpriority="low" />`
      : '';
  return { html, head };
}

/** The request's language (server/i18n/language.server.ts); English where no request made the page. */
function langOf(pageContext: PageContextServer): Lang {
  // The application PDF (/print) is the office's record: English whoever prints it.
  if (pageContext.urlPathname.startsWith('/print')) return 'en';
  const lang = pageContext.locals?.lang;
  return isLang(lang) ? lang : 'en';
}

/** The islands' texts in the page's language, and the form's when the form island is on the page. */
function pageTextsJson(body: string): string {
  const texts = { texts: ES_ISLANDS, ...(body.includes(' data-island="Form"') ? { form: FORM_SPANISH } : {}) };
  return `<script type="application/json" id="${CATALOGUE_ELEMENT_ID}">${escapeJson(JSON.stringify(texts))}</script>`;
}

/** JSON inside <script>: no `</script>` or `<!--` can end it early. */
const escapeJson = (json: string) => json.replace(/</g, '\\u003c');

export function onRenderHtml(pageContext: PageContextServer) {
  const { Page } = pageContext as PageContextServer & { Page: PageComponent };
  const lang = langOf(pageContext);
  setPageLanguage(lang, ES_PAGES);
  // A page whose title depends on what it says (pages/notice) names itself in its data.
  const pageTitle = (pageContext.data as { title?: string } | undefined)?.title ?? pageContext.config.title;
  const title = pageTitle ? `${t(pageTitle)} - ${t(APP_TITLE)}` : t(APP_TITLE);
  // Browser tests may make an island crash (islands/ui/test-crash.tsx) only on a server run under NODE_ENV=test.
  const testHooks = pageContext.services?.config?.nodeEnv === 'test' ? 'on' : 'off';
  // vike searches and edits the whole document to inject the page's assets (several regular expressions and
  // splits over it), which on a 40 KB form page costs more than rendering the page: it gets the document with
  // marks where the body and the head's own links go, and server/render.server.ts puts them in place. The
  // same function renders the parts again for a student's next request of this page without vike
  // (server/student-pages.server.ts, ADR 0300).
  // </body> on a line of its own: vike injects the page's scripts before it and matches the indentation of the
  // line it lands on.
  const documentHtml = escapeInject`<!doctype html>
<html lang="${lang}" data-test-hooks="${testHooks}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${title}</title>${dangerouslySkipEscape(HEAD_MARK)}
  </head>
  <body>
    ${dangerouslySkipEscape(BODY_MARK)}
  </body>
</html>`;
  const render = (context: PageContextServer) => renderParts(Page, context);
  return { documentHtml, pageContext: { pageBody: { bodyMark: BODY_MARK, headMark: HEAD_MARK, ...render(pageContext), render } } };
}
