import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { ChecklistLine, ChecklistPageResult } from '../../contracts/checklist-page-data.js';
import { DECISIONS } from '../../db/repos/after-submission.server.js';
import { documentAnswersFor } from '../../db/repos/documents.server.js';
import {
  COUNSELOR_TRANSCRIPT_KEY,
  LETTER_MAX_LENGTH,
  afterSubmissionState,
  type AfterSubmissionState,
} from '../../domain/after-submission/checklist.server.js';
import { counselorRequestPermitted, isApplicantsOwnAddress } from '../../domain/after-submission/counselor-request.server.js';
import { REJECTION_REASON_MAX_LENGTH } from '../../domain/after-submission/counselor-rejection.server.js';
import { applicantName } from '../../form/applicant-name.js';
import { formatDeskTime } from '../../form/local-time.js';
import { isUuid } from '../staff/filter.server.js';
import { auditOffice } from '../staff/audit.server.js';
import { freeMailDomain } from './free-mail-domains.js';
import { DECISION_LABELS, RECEIVED_VIA_LABELS } from './staff-labels.js';
import { recommendationDeskLines } from '../recommendations/desk-lines.server.js';

const DONE: Record<string, string> = {
  received: 'The transcript is marked received.',
  resent: 'The request was sent to the counselor again.',
  rejected: 'The counselor’s transcript is rejected as unofficial. The applicant was e-mailed to give a new counselor address.',
  recorded: 'The decision is recorded. The applicant does not see it until it is released.',
  released: 'The decision is released. The applicant was e-mailed that there is an update.',
  unchanged: 'Nothing changed: that was already so.',
};

type When = (d: Date | string | null) => string;

/** The live request's address was refused by its mail server (issue 39). */
function refusedAddress({ request, checklist }: AfterSubmissionState): boolean {
  return Boolean(request && !request.voided_at && request.refused_at && request.email === checklist.counselor_email);
}

/** Who sent the transcript, what arrived, what went wrong, and the request's history, in the order the office reads them. */
function transcriptLines(
  state: AfterSubmissionState,
  fileStatus: { name: string; status: string | null } | null,
  when: When,
): ChecklistLine[] {
  const { checklist, request, app } = state;
  const lines: ChecklistLine[] = [];
  const add = (text: string, tone: ChecklistLine['tone'] = 'plain') => lines.push({ text, tone });
  const fromCounselor = checklist.status === 'received' && checklist.received_via === 'counselor';
  if (checklist.status === 'received')
    add(`Received on ${when(checklist.received_at)}: ${RECEIVED_VIA_LABELS[checklist.received_via ?? ''] ?? 'by an unknown way'}.`);
  else if (checklist.status === 'requested') add(`Requested from ${checklist.counselor_email} on ${when(checklist.requested_at)}.`);
  else add('Needed: no request is out.');
  if (!counselorRequestPermitted(app))
    add('Applicant did not permit a counselor request: the school must send the transcript, or the office marks it received.', 'error');
  const sender = fromCounselor
    ? (request?.email ?? checklist.counselor_email)
    : checklist.status === 'requested'
      ? checklist.counselor_email
      : null;
  if (fromCounselor) add(`Sent by ${sender ?? 'an unknown address'} (the counselor's link), received ${when(checklist.received_at)}.`);
  if (checklist.status === 'received' && checklist.received_via === 'upload')
    add(`Sent by the applicant (${app.username}) with the application.`);
  if (sender) {
    const free = freeMailDomain(sender);
    if (free)
      add(
        `${sender} is a free-mail address (${free}), not a school's: check that the transcript is official before accepting it.`,
        'warning',
      );
    if (isApplicantsOwnAddress(app, sender)) add(`${sender} is the applicant's own or a family member's address.`, 'warning');
  }
  if (fileStatus) add(`The counselor's file: ${fileStatus.name} (${fileStatus.status}).`);
  if (checklist.rejected_at) {
    const reason = checklist.rejected_reason ? ` (${checklist.rejected_reason})` : '';
    add(
      `Rejected as unofficial on ${when(checklist.rejected_at)}: the upload from ${checklist.rejected_email ?? 'the counselor'}${reason}.`,
      'error',
    );
  }
  if (checklist.not_my_student_at)
    add(`${checklist.counselor_email ?? 'The counselor'} said "This is not my student" on ${when(checklist.not_my_student_at)}.`, 'error');
  if (request) {
    const parts = [`Last request: to ${request.email}, ${request.sent_at ? `e-mailed ${when(request.sent_at)}` : 'not e-mailed yet'}`];
    if (request.reminder_1_sent_at) parts.push(`, reminded ${when(request.reminder_1_sent_at)}`);
    if (request.reminder_2_sent_at) parts.push(` and ${when(request.reminder_2_sent_at)}`);
    parts.push(request.voided_at ? `; link void since ${when(request.voided_at)}` : `; link valid until ${when(request.expires_at)}`);
    if (request.last_error) parts.push(`; last error: ${request.last_error}`);
    if (request.refused_at && !request.voided_at)
      add(
        `${request.email}: This address did not accept our e-mail (${when(request.refused_at)}: ${request.refused_reply ?? 'refused'}). The applicant is asked for another address.`,
        'error',
      );
    add(`${parts.join('')}. Applicant's sends from /completion: ${checklist.resends}.`, 'muted');
  }
  return lines;
}

/**
 * /staff/applications/:id/checklist: the office's checklist and decision for one application. It shows the
 * applicant's name, the counselor's address and the letter: a read of applicant data, audited (issue 35 finding 8).
 */
export async function checklistPageData(
  services: AppServices,
  office: OfficeRequest,
): Promise<ChecklistPageResult & { status: number | null }> {
  const id = office.params.id ?? '';
  const staffEmail = office.staff?.email ?? null;
  const state = isUuid(id) ? await afterSubmissionState(services, id) : null;
  if (!state) {
    return { kind: 'missing', status: 404, title: 'Application not found', staffEmail, message: 'No submitted application with this id.' };
  }
  const { app, checklist, decision } = state;
  await auditOffice(services, office, 'view', { userId: app.userId, detail: { page: 'checklist' } });
  const when: When = (d) => (d ? formatDeskTime(d, services.config.timeZone) : '');
  const documents = await documentAnswersFor(services.db.knex, app.userId);
  const file = documents[COUNSELOR_TRANSCRIPT_KEY];
  const done = office.query.get('done');
  const fromCounselor = checklist.status === 'received' && checklist.received_via === 'counselor';
  const released = Boolean(decision?.released_at);
  return {
    kind: 'checklist',
    status: null,
    title: `${applicantName(app.answers, app.username)} (${app.reference ?? 'no reference'})`,
    staffEmail,
    base: `/staff/applications/${app.userId}`,
    done: done && DONE[done] ? DONE[done] : null,
    transcript: {
      lines: transcriptLines(state, file ? { name: file.file_name, status: file.status } : null, when),
      canReject: fromCounselor,
      rejectReasonMax: REJECTION_REASON_MAX_LENGTH,
      canMark: checklist.status !== 'received',
      resendTo:
        // Not to an address whose mail server refused ours for good (issue 39): the applicant is asked for another.
        checklist.status !== 'received' && checklist.counselor_email && counselorRequestPermitted(app) && !refusedAddress(state)
          ? checklist.counselor_email
          : null,
    },
    recommendations: await recommendationDeskLines(services, app.userId),
    decision: {
      summary: decision
        ? {
            label: DECISION_LABELS[decision.decision],
            text: `${released ? `, released ${when(decision.released_at)} by ${decision.released_by}` : ', not released'}. Recorded ${when(decision.recorded_at)} by ${decision.recorded_by}.`,
          }
        : null,
      letter: decision?.letter || null,
      form: released
        ? null
        : {
            options: DECISIONS.map((d) => ({ value: d, label: DECISION_LABELS[d], checked: decision?.decision === d })),
            letter: decision?.letter ?? '',
            letterMax: LETTER_MAX_LENGTH,
          },
      canRelease: Boolean(decision) && !released,
    },
  };
}
