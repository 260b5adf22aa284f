import type { Request, Response } from 'express';
import type { AppServices } from '../platform/app-services.server.js';
import type { NoticePageData } from '../contracts/notice-page-data.js';
import { GENERIC_ERROR_MESSAGE } from '../contracts/messages.js';
import { sendPage } from './render.server.js';

declare global {
  namespace Vike {
    interface PageContextServer {
      /** What pages/notice says (sendNoticePage). */
      notice?: NoticePageData;
    }
  }
}

/** Reachable only through sendNoticePage: the route map has no row for it, and a GET of it redirects to /about. */
export const NOTICE_URL = '/notice';

export const GENERIC_ERROR_PAGE: NoticePageData = { kind: 'generic-error', title: 'Something went wrong' };

/**
 * Answers a page request with the applicant's site's notice (the generic error screen, or one refusal in plain
 * words), rendered by vike in the student document like every other page.
 */
export async function sendNoticePage(
  services: AppServices,
  req: Request,
  res: Response,
  status: number,
  notice: NoticePageData,
): Promise<void> {
  try {
    await sendPage(services, req, res, NOTICE_URL, { notice }, status);
  } catch (err) {
    // The last resort, only for when vike itself cannot render (a page that fails to render is vike's own
    // pages/_error): the status and one line of plain text, never a stack.
    req.log?.error({ err }, 'notice page render failed');
    if (res.headersSent) return void res.end();
    res
      .status(status)
      .type('text/plain')
      .send(notice.kind === 'notice' ? notice.message : GENERIC_ERROR_MESSAGE);
  }
}
