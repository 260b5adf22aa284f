import type { Request, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { sendPage } from '../render.server.js';
import { OFFICE_HEADERS } from '../office-page.server.js';
import {
  FAMILY_MESSAGES,
  FAMILY_SIGN_IN_PATH,
  FAMILY_STATUS_PATH,
  type FamilySignInData,
  type FamilyStatusData,
} from '../../contracts/family.js';
import { familyStatuses } from './family-status.server.js';
import type { FamilyViewer } from './family-session.server.js';
import type { Lang } from '../../form/lang.js';

/**
 * The family's two pages (issue 39), office pages without script (pages/(office)/family/): the sign-in (the address,
 * then the code) and the status. Their handlers render them through vike with what the request decided in
 * `pageContext.familyPage`; each page's +data calls one function here.
 */
export type FamilyPageGiven =
  | { page: 'sign-in'; step: 'email' | 'code'; email: string; notice: FamilySignInData['notice']; error: FamilySignInData['error'] }
  | { page: 'status'; viewer: FamilyViewer; ip: string | null };

declare global {
  namespace Vike {
    interface PageContextServer {
      /** Set by sendFamilyPage: which family page, and what its request decided. */
      familyPage?: FamilyPageGiven;
    }
  }
}

/** The sign-in page as a GET shows it: the address step, with a word on why the visitor is here. */
export function signInFromQuery(req: Request): FamilyPageGiven {
  const query = req.query as Record<string, unknown>;
  const notice =
    query['signed-out'] === '1'
      ? { kind: 'info' as const, text: FAMILY_MESSAGES.signedOut }
      : query.ended === '1'
        ? { kind: 'info' as const, text: FAMILY_MESSAGES.sessionEnded }
        : null;
  return { page: 'sign-in', step: 'email', email: '', notice, error: null };
}

export async function sendFamilyPage(
  services: AppServices,
  req: Request,
  res: Response,
  given: FamilyPageGiven,
  status?: number,
): Promise<void> {
  const path = given.page === 'status' ? FAMILY_STATUS_PATH : FAMILY_SIGN_IN_PATH;
  await sendPage(services, req, res, path, { familyPage: given, responseHeaders: { ...OFFICE_HEADERS } }, status);
}

function givenOf(pageContext: { familyPage?: FamilyPageGiven }): FamilyPageGiven {
  if (!pageContext.familyPage) throw new Error('a family page rendered without sendFamilyPage()');
  return pageContext.familyPage;
}

/** pages/(office)/family/sign-in/+data.ts */
export function familySignInPageData(pageContext: { familyPage?: FamilyPageGiven }): FamilySignInData {
  const given = givenOf(pageContext);
  if (given.page !== 'sign-in') throw new Error('the sign-in page rendered with the status page’s data');
  return {
    title: given.step === 'code' ? 'Enter your sign-in code' : 'Family access: sign in',
    step: given.step,
    email: given.email,
    notice: given.notice,
    error: given.error,
  };
}

/** pages/(office)/family/status/+data.ts: each applicant's status, every read audited. */
export async function familyStatusPageData(pageContext: {
  familyPage?: FamilyPageGiven;
  services: AppServices;
  locals?: { lang?: Lang };
}): Promise<FamilyStatusData> {
  const given = givenOf(pageContext);
  if (given.page !== 'status') throw new Error('the status page rendered with the sign-in page’s data');
  const applicants = await familyStatuses(pageContext.services, given.viewer, given.ip, pageContext.locals?.lang ?? 'en');
  return { title: 'Application status', email: given.viewer.email, applicants };
}
