import type { Request, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { officeRequest, type OfficeRequest } from '../office-page.server.js';
import type { CounselorPageData, CounselorPageView, CounselorUploadStatus } from '../../contracts/counselor-page-data.js';
import { auditCounselorView, counselorLinkState, type CounselorLinkState } from '../../domain/after-submission/counselor-link.server.js';
import { universityDate } from '../../domain/after-submission/university-time.js';
import type { Lang } from '../../form/lang.js';
import { sendPage } from '../render.server.js';

/**
 * What a counselor's post hands the page it shows again: the link's state it has just read (so the page does
 * not read it twice, nor audit a view), and what to say at the top.
 */
export interface CounselorPageGiven {
  state: CounselorLinkState;
  notice?: CounselorPageData['notice'];
  confirming?: boolean;
}

declare global {
  namespace Vike {
    interface PageContextServer {
      /** Set by sendCounselorPage (a post shown again); absent on GET /counselor/:token. */
      counselorPage?: CounselorPageGiven;
    }
  }
}

const CONVERSION_TEXT: Record<string, string> = {
  UNPROCESSED: 'We are checking the file.',
  IN_PROGRESS: 'We are checking the file.',
  COMPLETED: 'The file was checked and added to the application.',
  FAILED: 'We could not read this file. Please send it again as a PDF, PNG, JPEG or Word file.',
};

/** The page's path for a token: the token as the link carries it (it is never logged: server/observability). */
export function counselorPagePath(token: string): string {
  return `/counselor/${encodeURIComponent(token)}`;
}

/** GET /counselor/:token answers 404 for a link we never sent, 410 for one that has died. */
export function counselorViewStatus(state: CounselorLinkState): number {
  return state.state === 'unknown' ? 404 : state.state === 'live' || state.state === 'received' ? 200 : 410;
}

function title(state: CounselorLinkState, confirming: boolean): string {
  switch (state.state) {
    case 'live':
      return confirming ? 'Is this not your student?' : 'Send a high school transcript';
    case 'received':
      return 'Transcript received';
    case 'not-my-student':
      return 'Thank you for telling us';
    case 'unknown':
      return 'This link does not work';
    default:
      return 'This link is no longer valid';
  }
}

function uploadStatus(status: string | null | undefined): CounselorUploadStatus | null {
  if (!status || !CONVERSION_TEXT[status]) return null;
  const pending = status === 'UNPROCESSED' || status === 'IN_PROGRESS';
  return { text: CONVERSION_TEXT[status] + (pending ? ' This takes a few seconds.' : ''), pending, failed: status === 'FAILED' };
}

function view(services: AppServices, state: CounselorLinkState, confirming: boolean, lang: Lang): CounselorPageView {
  switch (state.state) {
    case 'live':
      return {
        kind: 'live',
        applicantName: state.applicantName,
        schoolName: state.schoolName,
        expires: universityDate(state.request.expires_at, services.config.timeZone, lang),
        upload: uploadStatus(state.upload?.status),
        confirming,
      };
    case 'received':
      return { kind: 'received', applicantName: state.applicantName };
    case 'not-my-student':
    case 'unknown':
      return { kind: state.state };
    default:
      return { kind: 'dead' };
  }
}

/**
 * /counselor/:token (no account). On a GET it reads the link's state and audits the view (only a live or
 * received link names anyone); after a post, the state the handler read is given.
 */
export async function counselorPageData(
  services: AppServices,
  office: OfficeRequest,
  given: CounselorPageGiven | undefined,
): Promise<CounselorPageData & { status: number | null }> {
  const token = office.params.token ?? '';
  let state = given?.state;
  if (!state) {
    state = await counselorLinkState(services, token);
    await auditCounselorView(services, state, office.ip);
  }
  const confirming = Boolean(given?.confirming) && state.state === 'live';
  const { officePhone, officeEmail } = services.config.contacts;
  return {
    title: title(state, confirming),
    staffEmail: null,
    action: counselorPagePath(token),
    notice: given?.notice ?? null,
    view: view(services, state, confirming, office.lang),
    officePhone,
    officeEmail,
    // A post shown again carries its own status (sendCounselorPage); a GET answers by the link's state.
    status: given ? null : counselorViewStatus(state),
  };
}

/**
 * Renders the counselor's page for GET /counselor/:token (no `given`), or again after one of its posts with the
 * state the post read and what to say. Always at the canonical path: the route also matches /COUNSELOR/<token>/.
 */
export async function sendCounselorPage(
  services: AppServices,
  req: Request,
  res: Response,
  status?: number,
  given?: CounselorPageGiven,
): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  const token = String(req.params.token);
  const office = officeRequest(services, req, res, { params: { token } });
  await sendPage(services, req, res, counselorPagePath(token), { office, counselorPage: given }, status);
}
