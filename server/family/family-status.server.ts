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

/**
 * What a family member reads of each applicant who invited them (issue 39): the name, when the application was
 * submitted, the transcript's state in words (never the counselor's address or anything else the applicant typed),
 * the decision once released with its letter, and the reply to an offer when there is one. Each read is audited
 * as `family:<address>` against the applicant, with the request's IP.
 */
/** The decision in the third person: the applicant's own page speaks to them ("You are admitted."), this one about them. */
const FAMILY_HEADLINES = {
  admit: (name: string) => `${name} is admitted.`,
  deny: (name: string) => `${name} was not offered admission.`,
  waitlist: (name: string) => `${name} is on the waitlist.`,
} as const;

function transcriptLine(checklist: ChecklistRow, permitted: boolean, zone: string): FamilyApplicantStatus['transcript'] {
  if (checklist.status === 'received')
    return {
      done: true,
      text:
        checklist.received_via === 'upload'
          ? 'Received with the application.'
          : `Received on ${universityDate(checklist.received_at ?? new Date(), zone)}.`,
    };
  if (checklist.status === 'requested' && checklist.requested_at)
    return { done: false, text: `Requested from the high school counselor on ${universityDate(checklist.requested_at, zone)}.` };
  return {
    done: false,
    text: permitted
      ? 'Not received yet. The applicant has been asked for their counselor’s e-mail address.'
      : 'Not received yet. The high school sends it to the Office of Admissions.',
  };
}

export async function familyStatuses(services: AppServices, viewer: FamilyViewer, ip: string | null): Promise<FamilyApplicantStatus[]> {
  const zone = services.config.timeZone;
  const out: FamilyApplicantStatus[] = [];
  for (const invitation of viewer.invitations) {
    const state = await afterSubmissionState(services, invitation.user_id);
    if (!state) continue;
    const { app, checklist, decision } = state;
    const released = decision?.released_at ? decision : null;
    const name = applicantName(app.answers, 'The applicant');
    out.push({
      id: invitation.id,
      name,
      submittedOn: universityDateTime(app.submittedAt, zone),
      transcript: transcriptLine(checklist, counselorRequestPermitted(app), zone),
      decision: released
        ? {
            state: 'ready',
            headline: FAMILY_HEADLINES[released.decision](name),
            letter: released.letter,
            releasedOn: universityDate(released.released_at!, zone),
          }
        : { state: 'expected', by: universityDate(decisionExpectedBy(app.submittedAt), zone) },
      reply: await familyOfferReply(services, invitation.user_id),
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
