import { renderToString } from 'react-dom/server';
import { escapeInject, dangerouslySkipEscape } from 'vike/server';
import type { PageContextServer } from 'vike/types';
import { PageContextProvider } from './page-context.js';
import { hydratesAtLoad } from '../islands/Island.js';
import './styles.css';

const APP_TITLE = 'Freshman Application';
// Replaced by the rendered body; a comment, so a document sent without the replacement is still valid HTML.
const BODY_MARK = '<!--page-body-->';

export function onRenderHtml(pageContext: PageContextServer) {
  const { Page } = pageContext as PageContextServer & { Page: () => React.JSX.Element };
  const html = renderToString(
    <PageContextProvider pageContext={pageContext}>
      <Page />
    </PageContextProvider>,
  );
  const pageTitle = pageContext.config.title;
  const title = pageTitle ? `${pageTitle} - ${APP_TITLE}` : APP_TITLE;
  // Browser tests may make an island crash (islands/ui/test-crash.tsx) only on a server run under NODE_ENV=test.
  const testHooks = pageContext.services?.config?.nodeEnv === 'test' ? 'on' : 'off';
  // React's chunk, downloaded and compiled while the page loads where an island will need it (ADR 0290): low
  // priority, after the style sheet and the page's own script.
  const preload =
    pageContext.reactChunk && hydratesAtLoad(html) ? escapeInject`
    <link rel="modulepreload" href="${pageContext.reactChunk}" fetchpriority="low" />` : '';
  // vike searches and edits the whole document to inject the page's assets (several regular expressions and
  // splits over it), which on a 40 KB form page costs more than rendering the page: it gets the document with a
  // mark where the body goes, and server/render.server.ts puts the body in place of the mark.
  // </body> on a line of its own: vike injects the page's scripts before it and matches the indentation of the
  // line it lands on.
  const documentHtml = escapeInject`<!doctype html>
<html lang="en" data-test-hooks="${testHooks}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${title}</title>${preload}
  </head>
  <body>
    ${dangerouslySkipEscape(BODY_MARK)}
  </body>
</html>`;
  return { documentHtml, pageContext: { pageBody: { mark: BODY_MARK, html } } };
}
