import type { AppServices } from '../../platform/app-services.server.js';
import type { RecommendationsView, RecommenderView } from '../../contracts/recommendations.js';
import { MAX_RECOMMENDERS } from '../../contracts/recommendations.js';
import { countRecommendations, findWaiver, liveRecommendations, type RecommendationRow } from '../../db/repos/recommendations.server.js';
import { universityDate } from '../../domain/after-submission/university-time.js';
import type { Lang } from '../../form/lang.js';
import { MAX_INVITATIONS } from '../../domain/recommendations/recommendation-common.server.js';
import {
  INVITE_MESSAGES,
  WAIVER_MESSAGES,
  type InviteOutcome,
  type WaiverOutcome,
} from '../../domain/recommendations/recommendation-invite.server.js';

export const INVITE_PATH = '/recommendations/teacher';
export const WAIVER_PATH = '/recommendations/waiver';
/** Where the forms come back to: the page of their own before submitting, /completion after. */
export const RETURN_PATHS = { completion: '/completion#recommendations', recommendations: '/recommendations#recommendations' } as const;

/** A recommender's state in words; the letter itself is never read here (issue 39). */
function recommender(row: RecommendationRow, zone: string, lang: Lang): RecommenderView {
  const on = (d: Date) => universityDate(d, zone, lang);
  const base = { slot: row.slot, name: row.teacher_name, email: row.email, subject: row.subject, reason: null, params: {} };
  if (row.refused_at)
    return { ...base, state: 'refused', text: 'This address did not accept our e-mail. Give us another address for this teacher.' };
  if (row.received_at) return { ...base, state: 'received', text: 'Letter received on {{date}}.', params: { date: on(row.received_at) } };
  if (row.declined_at)
    return { ...base, state: 'declined', text: 'Declined on {{date}}.', params: { date: on(row.declined_at) }, reason: row.decline_reason };
  if (row.letter_submitted_at)
    return {
      ...base,
      state: 'checking',
      text: 'Letter sent on {{date}}; we are checking the file.',
      params: { date: on(row.letter_submitted_at) },
    };
  if (row.opened_at)
    return {
      ...base,
      state: 'opened',
      text: 'Invited on {{date}}; opened our e-mail’s link on {{opened}}.',
      params: { date: on(row.created_at), opened: on(row.opened_at) },
    };
  return { ...base, state: 'invited', text: 'Invited on {{date}}.', params: { date: on(row.created_at) } };
}

function notice(search: Record<string, string>): RecommendationsView['notice'] {
  const said = search.rec as InviteOutcome | WaiverOutcome | undefined;
  const slot = Number(search.slot) === 2 ? 2 : 1;
  if (!said) return null;
  if (said === 'sent') return { kind: 'success', text: 'We e-mailed your teacher the invitation.', slot };
  if (said === 'saved') return { kind: 'success', text: 'Your answer is saved.' };
  if (said in INVITE_MESSAGES) {
    const kind = said === 'unchanged' || said === 'letter-in' || said === 'limit' ? 'info' : 'error';
    return { kind, text: INVITE_MESSAGES[said as keyof typeof INVITE_MESSAGES], slot };
  }
  if (said in WAIVER_MESSAGES) return { kind: 'error', text: WAIVER_MESSAGES[said as keyof typeof WAIVER_MESSAGES] };
  return null;
}

/**
 * The recommendations section of /completion and /recommendations: the waiver, each teacher's state, the forms. Texts
 * stay English (catalogue keys) and the page translates them; dates come in the reader's language (`lang`).
 */
export async function recommendationsView(
  services: AppServices,
  userId: string,
  search: Record<string, string>,
  back: keyof typeof RETURN_PATHS,
  lang: Lang = 'en',
): Promise<RecommendationsView> {
  const knex = services.db.knex;
  const [rows, waiver, sent] = await Promise.all([
    liveRecommendations(knex, userId),
    findWaiver(knex, userId),
    knex.transaction((trx) => countRecommendations(trx, userId)),
  ]);
  const slots = Array.from({ length: MAX_RECOMMENDERS }, (_, i) => {
    const row = rows.find((r) => r.slot === i + 1) ?? null;
    return { slot: i + 1, recommender: row ? recommender(row, services.config.timeZone, lang) : null, editable: !row?.letter_submitted_at };
  });
  return {
    inviteAction: INVITE_PATH,
    waiverAction: WAIVER_PATH,
    back,
    waived: waiver ? waiver.waived : null,
    waiverFinal: Boolean(waiver) && sent > 0,
    slots,
    sendsLeft: Math.max(0, MAX_INVITATIONS - sent),
    notice: notice(search),
  };
}
