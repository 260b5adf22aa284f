import type { AppServices } from '../../platform/app-services.server.js';
import type { CompletionStatus } from '../../contracts/page-data.js';
import type { ReceivedVia } from '../../db/repos/after-submission.server.js';
import { MAX_APPLICANT_SENDS, afterSubmissionState, decisionExpectedBy } from '../../domain/after-submission/checklist.server.js';
import { APPLICANT_MESSAGES, counselorRequestPermitted } from '../../domain/after-submission/counselor-request.server.js';
import { COUNSELOR_FIELD, COUNSELOR_FORM_PATH } from './routes.server.js';
import { universityDate as universityDateIn, universityDateTime } from '../../domain/after-submission/university-time.js';
import type { Lang } from '../../form/lang.js';

const RECEIVED_TEXT: Record<ReceivedVia, string> = {
  upload: 'Received: you uploaded it with your application.',
  counselor: 'Received from your counselor',
  'office-paper': 'Received by the Office of Admissions (paper copy)',
  'office-etranscript': 'Received by the Office of Admissions (electronic transcript)',
  integration: 'Received by the Office of Admissions',
};

export const DECISION_HEADLINES = {
  admit: 'Congratulations! You are admitted.',
  deny: 'We are not able to offer you admission.',
  waitlist: 'You are on the waitlist.',
} as const;

/** /completion's checklist, counselor form and decision for a submitted applicant; `search` is the page's query. */
export async function completionStatus(
  services: AppServices,
  userId: string,
  search: Record<string, string>,
  lang: Lang = 'en',
): Promise<CompletionStatus | null> {
  const zone = services.config.timeZone;
  // Dates in the reader's language (docs/i18n.md); the page translates the sentences around them.
  const universityDate = (date: Date | string, timeZone: string) => universityDateIn(date, timeZone, lang);
  const state = await afterSubmissionState(services, userId);
  if (!state) return null;
  const { app, checklist, decision, request } = state;
  // The live request's address was refused by its mail server (issue 39).
  const refused = Boolean(request && !request.voided_at && request.refused_at && request.email === checklist.counselor_email);
  const transcript: CompletionStatus['transcript'] =
    checklist.status === 'received'
      ? {
          state: 'received',
          text: `${RECEIVED_TEXT[checklist.received_via ?? 'integration'].replace(/\.$/, '')}${checklist.received_via === 'upload' ? '' : ` on ${universityDate(checklist.received_at ?? app.submittedAt, zone)}`}.`,
        }
      : checklist.status === 'requested' && checklist.counselor_email && checklist.requested_at
        ? { state: 'requested', email: checklist.counselor_email, on: universityDate(checklist.requested_at, zone), refused }
        : !counselorRequestPermitted(app)
          ? { state: 'not-permitted', officeEmail: services.config.contacts.officeEmail }
          : {
              state: 'needed',
              notMyStudent:
                checklist.not_my_student_at && checklist.counselor_email
                  ? { email: checklist.counselor_email, on: universityDate(checklist.not_my_student_at, zone) }
                  : null,
              rejected: checklist.rejected_at
                ? { on: universityDate(checklist.rejected_at, zone), reason: checklist.rejected_reason ?? '' }
                : null,
            };
  const sendsLeft = checklist.requested_at ? Math.max(0, MAX_APPLICANT_SENDS - checklist.resends) : MAX_APPLICANT_SENDS + 1;
  const counselorForm =
    // No permission, no request: the form is not offered (the applicant's school sends the transcript instead).
    checklist.status === 'received' || transcript.state === 'not-permitted'
      ? null
      : {
          action: COUNSELOR_FORM_PATH,
          field: COUNSELOR_FIELD,
          email: checklist.counselor_email ?? '',
          sendsLeft,
          resend: checklist.status === 'requested',
        };
  const released = decision?.released_at ? decision : null;
  const said = search.counselor;
  const officeEmail = services.config.contacts.officeEmail;
  const notice: CompletionStatus['notice'] =
    said === 'sent' && transcript.state === 'requested'
      ? { kind: 'success', text: APPLICANT_MESSAGES.sent(transcript.email) }
      : said === 'invalid' || said === 'own-address'
        ? { kind: 'error', text: APPLICANT_MESSAGES[said] }
        : said === 'limit'
          ? { kind: 'info', text: APPLICANT_MESSAGES.limit(officeEmail) }
          : said === 'received'
            ? { kind: 'info', text: APPLICANT_MESSAGES.received }
            : null;
  return {
    submittedAt: universityDateTime(app.submittedAt, zone, lang),
    transcript,
    counselorForm,
    decision: released
      ? {
          state: 'ready',
          decision: released.decision,
          headline: DECISION_HEADLINES[released.decision],
          letter: released.letter,
          releasedOn: universityDate(released.released_at!, zone),
        }
      : { state: 'expected', by: universityDate(decisionExpectedBy(app.submittedAt), zone) },
    notice,
    letterView: search.view === 'letter' && Boolean(released),
  };
}
