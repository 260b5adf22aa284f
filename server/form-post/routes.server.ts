import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { formDefinition } from '../../form/definition.js';
import type { Page, PageId } from '../../form/types.js';
import { SESSION_INVALID_MESSAGE } from '../../contracts/messages.js';
import { cookieOptions } from '../cookies.server.js';
import { POST_FIELDS } from '../../contracts/form-post.js';
import { VISITOR_OWNER } from '../../db/repos/kept-answers.server.js';
import { setFlash } from '../auth/flash.server.js';
import { sendPage } from '../render.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { pageChangeMarker } from '../application/page-data.server.js';
import { PAGE_CHANGED_COOKIE } from '../../contracts/page-change.js';
import { handleStudentPost, intentOf, visitorPost } from './form-post.server.js';
import { chosenSchool } from './school-search.server.js';
import { keepPostedAnswers, ownerOfPost } from './kept-answers.server.js';
import { clearKeptAnswersHandler } from './clear-kept.server.js';
import { arrivalOf } from '../deadlines/arrival.server.js';

/** Context key under which a re-rendered form page finds what was posted (pages/(form)/+data.ts). */
export const FORM_POST_CONTEXT = 'formPost';

/** §3 has_changed_page, as the island's markChangedPage() sets it before moving to another page. */
function markChangedPage(services: AppServices, req: Request, res: Response): void {
  const marker = pageChangeMarker(services, req.headers);
  if (marker) res.cookie(PAGE_CHANGED_COOKIE, marker, cookieOptions(services.config, { httpOnly: false }));
}

async function postPage(services: AppServices, page: Page, req: Request, res: Response): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  // Staff read the application through a service link; nothing they send changes it.
  if (res.locals.serviceUser) throw new HttpError(403, 'The staff view of an application is read-only.');
  const user = res.locals.user;
  if (!user) {
    // A logged-in applicant's page whose session has ended names its account: the answers are kept for that account
    // alone, never shown to a visitor or given to another account (issue 23 finding 1).
    const owner = ownerOfPost(services, body[POST_FIELDS.owner]);
    // A visitor who chose a school from the search without scripts keeps the school's fields too.
    const action = owner === null ? intentOf(body).action : null;
    const chosen = action?.kind === 'choose' ? await chosenSchool(services, page.id, action.key, action.id) : null;
    const { keep, location } = visitorPost(page, body, owner !== null, chosen);
    await keepPostedAnswers(services, req, res, keep, owner ?? VISITOR_OWNER);
    // As the island's §8 flow says it: the login page shows why (the answers wait for the login).
    if (owner) setFlash(services, res, { kind: 'error', message: SESSION_INVALID_MESSAGE });
    res.redirect(303, location);
    return;
  }
  const outcome = await handleStudentPost(services, user, page, body, arrivalOf(services, res), res.locals.lang);
  if (outcome.kind === 'redirect') {
    if (outcome.changedPage) markChangedPage(services, req, res);
    res.redirect(303, outcome.location);
    return;
  }
  res.setHeader('Cache-Control', 'no-store');
  await sendPage(services, req, res, page.path, { [FORM_POST_CONTEXT]: outcome.context }, outcome.status);
}

/**
 * The form pages as plain HTML forms (DESIGN §6): POST /about, /education and /final-steps save and go where
 * the pressed button says (post/redirect/get), or show the page again with what was typed. Logic lives in
 * form-post.server.ts; the object store's redirect after an upload is uploaded.server.ts.
 */
export function formPostHandlers(services: AppServices) {
  return {
    /** The handler of one page's plain form post; a page the definition does not have stops the start. */
    page(id: PageId): RequestHandler {
      const page = formDefinition().pages.find((p) => p.id === id);
      if (!page) throw new Error(`No form page ${id} in the definition.`);
      return (req, res) => postPage(services, page, req, res);
    },
    /** "Not you? Clear the answers on this computer" (server/form-post/clear-kept.server.ts). */
    clearKept: clearKeptAnswersHandler(services),
  };
}
