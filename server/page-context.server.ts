import type { Lang } from '../form/lang.js';
import type { AppServices } from '../platform/app-services.server.js';
import type { SessionUser } from './auth/session.server.js';
import type { ServiceUser } from './service/service-token.server.js';
import type { FlashMessage } from '../contracts/flash.js';
import type { AuthCardState } from '../contracts/auth-cards.js';
import type { FormPostContext } from './form-post/form-post.server.js';
import type { OfficeRequest } from './office-page.server.js';
import type { CrossSiteData } from '../contracts/staff-desk-pages-data.js';
import type { StaffNoticeData } from '../contracts/office-page-data.js';

/** Who the request is, as the middleware left it in `res.locals` (server/auth/session, server/service/service-mode). */
export interface PageLocals {
  user?: SessionUser | null;
  serviceUser?: ServiceUser | null;
  /** The message a plain form post left for this page (server/auth/flash.server.ts). */
  flash?: FlashMessage | null;
  /** A visitor whose browser keeps their answers (server/form-post/kept-answers.server.ts): the page offers to clear them. */
  keptAnswers?: boolean;
  /** The request's language (server/i18n/language.server.ts). */
  lang?: Lang;
}

/** What differs between two requests for the same page (pages/+onRenderHtml.tsx). */
export interface PageParts {
  html: string;
  head: string;
}

/** A rendered page's parts, where they go in vike's document, and how to render them for another request. */
export interface PageBody extends PageParts {
  bodyMark: string;
  headMark: string;
  render: (pageContext: Vike.PageContextServer) => PageParts;
}

/**
 * What server/render.server.ts hands vike's renderPage beside the URL and headers, typed once for every
 * page, hook and layout that reads `pageContext` (https://vike.dev/pageContext#typescript). Only the
 * server renders pages, so only PageContextServer carries them.
 */
declare global {
  namespace Vike {
    interface PageContextServer {
      services: AppServices;
      locals: PageLocals;
      /** An auth card shown again after its plain form post (server/auth/form-posts.server.ts). */
      authCard?: AuthCardState;
      /** A form page shown again after its plain form post (server/form-post/). */
      formPost?: FormPostContext;
      /**
       * Set by pages/+onRenderHtml.tsx: the rendered body and the head's links for it, which the document vike
       * returns holds only as marks (vike's asset injection then scans a small document); server/render.server.ts
       * puts them in place. `render` renders them again for another request of the same page.
       */
      pageBody?: PageBody;
      /**
       * An office page's request (server/office-page.server.ts): who asks (a staff member, or nobody on a counselor's
       * link), from where, and the route's parameters. The page's +data hands it to the page's data module.
       */
      office?: OfficeRequest;
      /** What the desk's notice page says (server/staff/staff-notice.server.ts). */
      staffNotice?: StaffNoticeData;
      /** A staff page reached from another site, which the cross-site page offers to open (server/staff/cross-site.server.ts). */
      crossSite?: CrossSiteData;
      /** The status a page's data asks for (a 404 of an unknown application, a 202 of a PDF being made); else vike's. */
      responseStatus?: number;
      /** React's chunk in the client build, for a modulepreload link (server/react-chunk.server.ts); null on the dev server. */
      reactChunk: string | null;
    }
  }
}
