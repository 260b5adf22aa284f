import { renderToString } from 'react-dom/server';
import { escapeInject, dangerouslySkipEscape } from 'vike/server';
import type { PageContextServer } from 'vike/types';
import { PageContextProvider } from '../page-context.js';
import { setPageLanguage, t } from '../../contracts/i18n/page-text.js';
import { ES_LINK_PAGES } from '../../contracts/i18n/es-link-pages.js';
import { isLang, type Lang } from '../../form/lang.js';
import './office.css';

type PageComponent = () => React.JSX.Element;

/**
 * The document of the office pages (the staff desk, the counselor's link): plain server-rendered HTML with no
 * script and the office's own style sheet. A page names itself in its data (`title`, which may name an
 * application); the document title adds whose pages these are (`titleSuffix`, set per folder).
 */
export function onRenderHtml(pageContext: PageContextServer) {
  const { Page } = pageContext as PageContextServer & { Page: PageComponent };
  const data = pageContext.data as { title?: string } | undefined;
  // The office reads English only (docs/i18n.md): whatever an applicant's page set before, this render is English;
  // the family member's pages (readerLanguage) are in the request's language (server/i18n/language.server.ts), and
  // the counselor's and the teacher's link pages (offersSpanish) in Spanish when their visitor chose it with the switch
  // (pageContext.office: server/office-page.server.ts's OfficeRequest, its `lang`).
  const asked = pageContext.locals?.lang;
  const office = (pageContext as { office?: { lang?: string } }).office;
  const lang: Lang =
    pageContext.config.readerLanguage && isLang(asked) ? asked : pageContext.config.offersSpanish && office?.lang === 'es' ? 'es' : 'en';
  setPageLanguage(lang, lang === 'en' ? {} : ES_LINK_PAGES);
  const title = [data?.title ?? pageContext.config.title, pageContext.config.titleSuffix]
    .filter((part): part is string => Boolean(part))
    .map((part) => t(part))
    .join(' - ');
  const html = renderToString(
    <PageContextProvider pageContext={pageContext}>
      <Page />
    </PageContextProvider>,
  );
  const robots = pageContext.config.noIndex
    ? '\n    <meta name="robots" content="noindex" />\n    <meta name="referrer" content="no-referrer" />'
    : '';
  return escapeInject`<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light" />${dangerouslySkipEscape(robots)}
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${title}</title>
  </head>
  <body>
    ${dangerouslySkipEscape(html)}
  </body>
</html>`;
}
