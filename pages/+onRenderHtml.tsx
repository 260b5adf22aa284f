import { renderToString } from 'react-dom/server';
import { escapeInject, dangerouslySkipEscape } from 'vike/server';
import type { PageContextServer } from 'vike/types';
import { PageContextProvider } from './page-context.js';
import { hydratesAtLoad } from '../islands/Island.js';
import { escapeHtml } from '../contracts/escape-html.js';
import './styles.css';

const APP_TITLE = 'Freshman Application';
// Replaced by the rendered body and by what the head adds for it; comments, so a document sent without the
// replacements is still valid HTML.
const BODY_MARK = '<!--page-body-->';
const HEAD_MARK = '<!--page-head-->';

type PageComponent = () => React.JSX.Element;
// What server/page-context.server.ts declares for pageBody (the global page-context type; no server import here).
type PageParts = Pick<NonNullable<PageContextServer['pageBody']>, 'html' | 'head'>;

/** What differs between two requests for the same page: its body, and the head's preload of React for it. */
function renderParts(Page: PageComponent, pageContext: PageContextServer): PageParts {
  const html = renderToString(
    <PageContextProvider pageContext={pageContext}>
      <Page />
    </PageContextProvider>,
  );
  // React's chunk, downloaded and compiled while the page loads where an island will need it (ADR 0290): low
  // priority, after the style sheet and the page's own script.
  const head =
    pageContext.reactChunk && hydratesAtLoad(html)
      ? `\n    <link rel="modulepreload" href="${escapeHtml(pageContext.reactChunk)}" fetchpriority="low" />`
      : '';
  return { html, head };
}

export function onRenderHtml(pageContext: PageContextServer) {
  const { Page } = pageContext as PageContextServer & { Page: PageComponent };
  // A page whose title depends on what it says (pages/notice) names itself in its data.
  const pageTitle = (pageContext.data as { title?: string } | undefined)?.title ?? pageContext.config.title;
  const title = pageTitle ? `${pageTitle} - ${APP_TITLE}` : APP_TITLE;
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
<html lang="en" data-test-hooks="${testHooks}">
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
