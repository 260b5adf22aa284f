import type { AfterSubmissionState } from '../../domain/after-submission/checklist.server.js';
import { COUNSELOR_TRANSCRIPT_KEY } from '../../domain/after-submission/checklist.server.js';
import { counselorRequestPermitted, isApplicantsOwnAddress } from '../../domain/after-submission/counselor-request.server.js';
import { REJECTION_REASON_MAX_LENGTH } from '../../domain/after-submission/counselor-rejection.server.js';
import { freeMailDomain } from './free-mail-domains.js';
import { RECEIVED_VIA_LABELS } from './staff-labels.js';
import type { DocumentAnswer } from '../../contracts/api.js';

/** Warnings in words (never colour alone) about the address a counselor's document comes from. */
function SenderWarnings({ email, own }: { email: string; own: boolean }) {
  const free = freeMailDomain(email);
  return (
    <>
      {free ? (
        <p className="error">
          <strong>Warning:</strong>
          {` ${email} is a free-mail address (${free}), not a school's: check that the transcript is official before accepting it.`}
        </p>
      ) : null}
      {own ? (
        <p className="error">
          <strong>Warning:</strong>
          {` ${email} is the applicant's own or a family member's address.`}
        </p>
      ) : null}
    </>
  );
}

/**
 * The transcript part of the office's checklist: its state, who sent the document (address and time), warnings
 * about the sender, the counselor request, and the actions (mark received, send again, reject as unofficial).
 */
export function TranscriptPanel({ state, documents, when, base }: { state: AfterSubmissionState; documents?: Record<string, DocumentAnswer>; when: (d: Date | string | null) => string; base: string }) {
  const { checklist, request, app } = state;
  const counselorFile = documents?.[COUNSELOR_TRANSCRIPT_KEY];
  const permitted = counselorRequestPermitted(app);
  const fromCounselor = checklist.status === 'received' && checklist.received_via === 'counselor';
  const sender = fromCounselor ? (request?.email ?? checklist.counselor_email) : checklist.status === 'requested' ? checklist.counselor_email : null;
  return (
    <>
      <h3>High school transcript</h3>
      <p>
        {checklist.status === 'received'
          ? `Received ${RECEIVED_VIA_LABELS[checklist.received_via ?? ''] ?? ''} on ${when(checklist.received_at)}.`
          : checklist.status === 'requested'
            ? `Requested from ${checklist.counselor_email} on ${when(checklist.requested_at)}.`
            : 'Needed: no request is out.'}
      </p>
      {!permitted ? <p className="error">Applicant did not permit a counselor request: the school must send the transcript, or the office marks it received.</p> : null}
      {fromCounselor ? <p>{`Sent by ${sender ?? 'an unknown address'} (the counselor's link), received ${when(checklist.received_at)}.`}</p> : null}
      {checklist.status === 'received' && checklist.received_via === 'upload' ? <p>{`Sent by the applicant (${app.username}) with the application.`}</p> : null}
      {sender ? <SenderWarnings email={sender} own={isApplicantsOwnAddress(app, sender)} /> : null}
      {counselorFile ? <p>{`The counselor's file: ${counselorFile.file_name} (${counselorFile.status}).`}</p> : null}
      {checklist.rejected_at ? (
        <p className="error">{`Rejected as unofficial on ${when(checklist.rejected_at)}: the upload from ${checklist.rejected_email ?? 'the counselor'}${checklist.rejected_reason ? ` (${checklist.rejected_reason})` : ''}.`}</p>
      ) : null}
      {checklist.not_my_student_at ? <p className="error">{`${checklist.counselor_email ?? 'The counselor'} said "This is not my student" on ${when(checklist.not_my_student_at)}.`}</p> : null}
      {request ? (
        <p className="muted">
          {`Last request: to ${request.email}, ${request.sent_at ? `e-mailed ${when(request.sent_at)}` : 'not e-mailed yet'}`}
          {request.reminder_1_sent_at ? `, reminded ${when(request.reminder_1_sent_at)}` : ''}
          {request.reminder_2_sent_at ? ` and ${when(request.reminder_2_sent_at)}` : ''}
          {request.voided_at ? `; link void since ${when(request.voided_at)}` : `; link valid until ${when(request.expires_at)}`}
          {request.last_error ? `; last error: ${request.last_error}` : ''}.{` Applicant's sends from /completion: ${checklist.resends}.`}
        </p>
      ) : null}
      {fromCounselor ? (
        <form method="post" action={`${base}/transcript/reject`}>
          <fieldset>
            <legend>Reject the counselor&apos;s transcript as unofficial</legend>
            <p>
              <label htmlFor="reject-reason">Reason (the applicant reads it on their status page)</label>
              <br />
              <textarea id="reject-reason" name="reason" rows={3} cols={60} maxLength={REJECTION_REASON_MAX_LENGTH} required />
            </p>
            <button type="submit">Reject as unofficial</button>
          </fieldset>
        </form>
      ) : null}
      {checklist.status !== 'received' ? (
        <div className="actions">
          <form method="post" action={`${base}/transcript`}>
            <input type="hidden" name="via" value="office-paper" />
            <button type="submit">Mark received (paper)</button>
          </form>
          <form method="post" action={`${base}/transcript`}>
            <input type="hidden" name="via" value="office-etranscript" />
            <button type="submit">Mark received (e-transcript)</button>
          </form>
          {checklist.counselor_email && permitted ? (
            <form method="post" action={`${base}/counselor-request`}>
              <button type="submit">{`Send the request to ${checklist.counselor_email} again`}</button>
            </form>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
