import type { CompletionStatus } from '../../contracts/page-data.js';

/**
 * The submitted applicant's checklist (Slate's status page is the model): the application, the transcript
 * and the decision, each with its state in words (the marks are decoration). Plain markup and one form post,
 * so it all works without JavaScript.
 */
export function ChecklistSection({ status }: { status: CompletionStatus }) {
  const { transcript, decision } = status;
  return (
    <section className="completion__section" aria-labelledby="completion-checklist">
      <h2 id="completion-checklist">Your checklist</h2>
      <ul className="checklist">
        <li className="checklist__item checklist__item--done">
          <span className="checklist__mark" aria-hidden="true">
            ✔
          </span>
          <span>
            <strong>Application</strong>
            <br />
            {`Submitted on ${status.submittedAt}.`}
          </span>
        </li>
        <li className={`checklist__item${transcript.state === 'received' ? ' checklist__item--done' : ''}`}>
          <span className="checklist__mark" aria-hidden="true">
            {transcript.state === 'received' ? '✔' : '…'}
          </span>
          <span>
            <strong>High school transcript</strong>
            <br />
            {transcript.state === 'received' ? (
              transcript.text
            ) : transcript.state === 'requested' && transcript.refused ? (
              <>
                <strong>{transcript.email}</strong>: This address did not accept our e-mail.{' '}
                <a href="#transcript">Give us another address for your counselor</a>.
              </>
            ) : transcript.state === 'requested' ? (
              <>
                Requested from <strong>{transcript.email}</strong> on {transcript.on}.
              </>
            ) : transcript.state === 'not-permitted' ? (
              <>
                You chose not to let us ask your counselor for your transcript. Ask your high school to send your official transcript to the
                Office of Admissions, <a href={`mailto:${transcript.officeEmail}`}>{transcript.officeEmail}</a>, by mail or as an electronic
                transcript.
              </>
            ) : transcript.rejected ? (
              <>
                {`The transcript we received on your behalf was not accepted as an official one from your school (${transcript.rejected.on}${transcript.rejected.reason ? `: ${transcript.rejected.reason}` : ''}). `}
                <a href="#transcript">Give us your counselor’s school e-mail address</a>.
              </>
            ) : transcript.notMyStudent ? (
              <>
                {`${transcript.notMyStudent.email} told us on ${transcript.notMyStudent.on} that you are not their student. `}
                <a href="#transcript">Give us your counselor’s e-mail address</a>.
              </>
            ) : (
              <>
                We need your counselor’s e-mail address. <a href="#transcript">Add it below</a>.
              </>
            )}
          </span>
        </li>
        <li className={`checklist__item${decision.state === 'ready' ? ' checklist__item--done' : ''}`}>
          <span className="checklist__mark" aria-hidden="true">
            {decision.state === 'ready' ? '✔' : '…'}
          </span>
          <span>
            <strong>Admission decision</strong>
            <br />
            {decision.state === 'ready' ? (
              <>
                Ready. <a href="#decision">Read your decision</a>.
              </>
            ) : (
              `Expected by ${decision.by}.`
            )}
          </span>
        </li>
      </ul>
    </section>
  );
}

/** Add or correct the counselor's e-mail and send the request (again), a few times at most. */
export function CounselorSection({ status }: { status: CompletionStatus }) {
  const form = status.counselorForm;
  if (!form) return null;
  const invalid = status.notice?.kind === 'error';
  return (
    <section className="completion__section" id="transcript" aria-labelledby="completion-counselor">
      <h2 id="completion-counselor">Your counselor</h2>
      <p>
        We ask your high school counselor to send your transcript. Check that the address is right; if it changes, we send the request to
        the new address and the old link stops working. Your submitted application does not change.
      </p>
      {status.notice && !invalid ? (
        <p className={`alert alert--${status.notice.kind}`} role="status">
          {status.notice.text}
        </p>
      ) : null}
      {form.sendsLeft > 0 ? (
        <form method="post" action={form.action} className="completion__counselor" noValidate>
          <div className={invalid ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={form.field}>
              Counselor’s e-mail address
            </label>
            <p className="field__hint" id={`${form.field}-hint`}>
              {`You can send the request ${form.sendsLeft} more ${form.sendsLeft === 1 ? 'time' : 'times'}.`}
            </p>
            {invalid ? (
              <p className="field__error-message" id={`${form.field}-error`}>
                {status.notice!.text}
              </p>
            ) : null}
            <input
              className="input"
              type="email"
              id={form.field}
              name={form.field}
              defaultValue={form.email}
              autoComplete="off"
              maxLength={254}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? `${form.field}-hint ${form.field}-error` : `${form.field}-hint`}
            />
          </div>
          <button type="submit" className="button button--secondary">
            {form.resend ? 'Send the request again' : 'Send the request'}
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** The released decision and its letter; `?view=letter` shows only this, for printing. */
export function DecisionSection({ status, letterView }: { status: CompletionStatus; letterView: boolean }) {
  const decision = status.decision;
  if (decision.state !== 'ready') return null;
  return (
    <section className="completion__section completion__decision" id="decision" aria-labelledby="completion-decision">
      <h2 id="completion-decision">Your admission decision</h2>
      <p className="completion__headline">{decision.headline}</p>
      <p className="field__hint">{`Released on ${decision.releasedOn}.`}</p>
      {decision.letter ? <div className="completion__letter">{decision.letter}</div> : null}
      <p className="completion__noprint">
        {letterView ? (
          <a href="/completion">Back to your application status</a>
        ) : (
          <a href="/completion?view=letter">Open the letter for printing</a>
        )}
      </p>
    </section>
  );
}
