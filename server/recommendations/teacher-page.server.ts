import type { Request, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { officeRequest, type OfficeRequest } from '../office-page.server.js';
import type { TeacherPageData, TeacherPageView } from '../../contracts/recommendation-page-data.js';
import {
  recommendationLinkState,
  recordRecommendationView,
  type RecommendationLinkState,
} from '../../domain/recommendations/recommendation-link.server.js';
import { DECLINE_REASON_MAX, LETTER_TEXT_MAX } from '../../domain/recommendations/recommendation-common.server.js';
import { findWaiver } from '../../db/repos/recommendations.server.js';
import { universityDate } from '../../domain/after-submission/university-time.js';
import { sendPage } from '../render.server.js';
import type { Lang } from '../../form/lang.js';

/** What a teacher's post hands the page it shows again: the state it read, what to say, what was typed. */
export interface TeacherPageGiven {
  state: RecommendationLinkState;
  notice?: TeacherPageData['notice'];
  confirming?: boolean;
  text?: string;
}

declare global {
  namespace Vike {
    interface PageContextServer {
      /** Set by sendTeacherPage (a post shown again); absent on GET /recommend/:token. */
      teacherPage?: TeacherPageGiven;
    }
  }
}

export function teacherPagePath(token: string): string {
  return `/recommend/${encodeURIComponent(token)}`;
}

/** GET: 404 for a link we never sent, 410 for a dead one. */
export function teacherViewStatus(state: RecommendationLinkState): number {
  return state.state === 'unknown' ? 404 : state.state === 'live' || state.state === 'received' ? 200 : 410;
}

function title(state: RecommendationLinkState, confirming: boolean): string {
  switch (state.state) {
    case 'live':
      return confirming ? 'Decline this recommendation?' : 'Send a letter of recommendation';
    case 'received':
      return 'Letter received';
    case 'declined':
      return 'Thank you for telling us';
    case 'unknown':
      return 'This link does not work';
    default:
      return 'This link is no longer valid';
  }
}

async function view(
  services: AppServices,
  state: RecommendationLinkState,
  given: TeacherPageGiven | undefined,
  lang: Lang,
): Promise<TeacherPageView> {
  switch (state.state) {
    case 'live':
      return {
        kind: 'live',
        applicantName: state.applicantName,
        teacherName: state.row.teacher_name,
        subject: state.row.subject,
        expires: universityDate(state.row.expires_at, services.config.timeZone, lang),
        waived: (await findWaiver(services.db.knex, state.row.user_id))?.waived ?? null,
        fileFailed: state.file?.status === 'FAILED',
        confirming: Boolean(given?.confirming),
        text: given?.text ?? '',
      };
    case 'received':
      return {
        kind: 'received',
        applicantName: state.applicantName,
        checking: state.row.received_via === 'file' && !state.row.received_at,
      };
    case 'declined':
    case 'unknown':
      return { kind: state.state };
    default:
      return { kind: 'dead' };
  }
}

/** /recommend/:token (no account): on a GET it reads the link and records the view; after a post, the state the post read. */
export async function teacherPageData(
  services: AppServices,
  office: OfficeRequest,
  given: TeacherPageGiven | undefined,
): Promise<TeacherPageData & { status: number | null }> {
  const token = office.params.token ?? '';
  let state = given?.state;
  if (!state) {
    state = await recommendationLinkState(services, token);
    await recordRecommendationView(services, state, office.ip);
  }
  const { officePhone, officeEmail } = services.config.contacts;
  return {
    title: title(state, Boolean(given?.confirming) && state.state === 'live'),
    staffEmail: null,
    action: teacherPagePath(token),
    notice: given?.notice ?? null,
    view: await view(services, state, given, office.lang),
    officePhone,
    officeEmail,
    textMax: LETTER_TEXT_MAX,
    reasonMax: DECLINE_REASON_MAX,
    status: given ? null : teacherViewStatus(state),
  };
}

export async function sendTeacherPage(
  services: AppServices,
  req: Request,
  res: Response,
  status?: number,
  given?: TeacherPageGiven,
): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  const token = String(req.params.token);
  const office = officeRequest(services, req, res, { params: { token } });
  await sendPage(services, req, res, teacherPagePath(token), { office, teacherPage: given }, status);
}
