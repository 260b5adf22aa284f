import { renderToString } from 'react-dom/server';
import { escapeInject, dangerouslySkipEscape } from 'vike/server';
import type { PageContextServer } from 'vike/types';
import { PageContextProvider } from './page-context.js';
import './styles.css';

const APP_TITLE = 'Freshman Application';

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
  // </body> on a line of its own: vike injects the page's scripts before it and matches the indentation of the
  // line it lands on with a regular expression, which on React's single-line output costs as much as rendering.
  return escapeInject`<!doctype html>
<html lang="en" data-test-hooks="${testHooks}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${title}</title>
  </head>
  <body>
    ${dangerouslySkipEscape(html)}
  </body>
</html>`;
}
