import type { AppServices } from '../../platform/app-services.server.js';
import type { FamilyApplicantStatus } from '../../contracts/family.js';
import type { ChecklistRow } from '../../db/repos/after-submission.server.js';
import { recordChecklistAudit } from '../../db/repos/after-submission.server.js';
import { applicantName } from '../../form/applicant-name.js';
import { afterSubmissionState, decisionExpectedBy } from '../../domain/after-submission/checklist.server.js';
import { counselorRequestPermitted } from '../../domain/after-submission/counselor-request.server.js';
import { universityDate, universityDateTime } from '../../domain/after-submission/university-time.js';
import { familyOfferReply } from './offer-reply.server.js';
import type { FamilyViewer } from './family-session.server.js';
import type { Lang } from '../../form/lang.js';
import { translator, type Translate } from '../../contracts/i18n/translate.js';
import { ES_PAGES } from '../../contracts/i18n/es-catalogue.js';

/**
 * What a family member reads of each applicant who invited them (issue 39): the name, when the application was
 * submitted, the transcript's state in words (never the counselor's address or anything else the applicant typed),
 * the decision once released with its letter, and the reply to an offer when there is one. Each read is audited
 * as `family:<address>` against the applicant, with the request's IP.
 */
/** The decision in the third person: the applicant's own page speaks to them ("You are admitted."), this one about them. */
export const FAMILY_HEADLINES = {
  admit: '{{name}} is admitted.',
  deny: '{{name}} was not offered admission.',
  waitlist: '{{name}} is on the waitlist.',
} as const;

/** The transcript's state in words (kept as data: test/unit/i18n-catalogue.test.ts). */
export const FAMILY_TRANSCRIPT_TEXTS = {
  uploaded: 'Received with the application.',
  received: 'Received on {{date}}.',
  requested: 'Requested from the high school counselor on {{date}}.',
  askedForCounselor: 'Not received yet. The applicant has been asked for their counselor’s e-mail address.',
  fromSchool: 'Not received yet. The high school sends it to the Office of Admissions.',
} as const;

function transcriptLine(
  checklist: ChecklistRow,
  permitted: boolean,
  zone: string,
  lang: Lang,
  t: Translate,
): FamilyApplicantStatus['transcript'] {
  const T = FAMILY_TRANSCRIPT_TEXTS;
  if (checklist.status === 'received')
    return {
      done: true,
      text:
        checklist.received_via === 'upload'
          ? t(T.uploaded)
          : t(T.received, { date: universityDate(checklist.received_at ?? new Date(), zone, lang) }),
    };
  if (checklist.status === 'requested' && checklist.requested_at)
    return { done: false, text: t(T.requested, { date: universityDate(checklist.requested_at, zone, lang) }) };
  return { done: false, text: t(permitted ? T.askedForCounselor : T.fromSchool) };
}

/** In the family member's language (the switch, the cookie, Accept-Language: server/i18n/language.server.ts). */
export async function familyStatuses(
  services: AppServices,
  viewer: FamilyViewer,
  ip: string | null,
  lang: Lang = 'en',
): Promise<FamilyApplicantStatus[]> {
  const zone = services.config.timeZone;
  const t = translator(lang, ES_PAGES);
  const out: FamilyApplicantStatus[] = [];
  for (const invitation of viewer.invitations) {
    const state = await afterSubmissionState(services, invitation.user_id);
    if (!state) continue;
    const { app, checklist, decision } = state;
    const released = decision?.released_at ? decision : null;
    const name = applicantName(app.answers, t('The applicant'));
    out.push({
      id: invitation.id,
      name,
      submittedOn: universityDateTime(app.submittedAt, zone, lang),
      transcript: transcriptLine(checklist, counselorRequestPermitted(app), zone, lang, t),
      decision: released
        ? {
            state: 'ready',
            headline: t(FAMILY_HEADLINES[released.decision], { name }),
            letter: released.letter,
            releasedOn: universityDate(released.released_at!, zone, lang),
          }
        : { state: 'expected', by: universityDate(decisionExpectedBy(app.submittedAt), zone, lang) },
      reply: await familyOfferReply(services, invitation.user_id, lang),
    });
    await recordChecklistAudit(services.db.knex, {
      at: services.now(),
      actor: `family:${viewer.email}`,
      action: 'family-view',
      userId: invitation.user_id,
      detail: { member: invitation.id },
      ip,
    });
  }
  return out;
}
