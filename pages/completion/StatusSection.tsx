import type { CompletionStatus } from '../../contracts/page-data.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * The submitted applicant's checklist (Slate's status page is the model): the application, the transcript
 * and the decision, each with its state in words (the marks are decoration). Plain markup and one form post,
 * so it all works without JavaScript.
 */
export function ChecklistSection({ status }: { status: CompletionStatus }) {
  const { transcript, decision } = status;
  return (
    <section className="completion__section" aria-labelledby="completion-checklist">
      <h2 id="completion-checklist">{t('Your checklist')}</h2>
      <ul className="checklist">
        <li className="checklist__item checklist__item--done">
          <span className="checklist__mark" aria-hidden="true">
            ✔
          </span>
          <span>
            <strong>{t('Application')}</strong>
            <br />
            {t('Submitted on {{date}}.', { date: status.submittedAt })}
          </span>
        </li>
        <li className={`checklist__item${transcript.state === 'received' ? ' checklist__item--done' : ''}`}>
          <span className="checklist__mark" aria-hidden="true">
            {transcript.state === 'received' ? '✔' : '…'}
          </span>
          <span>
            <strong>{t('High school transcript')}</strong>
            <br />
            {transcript.state === 'received' ? (
              t(transcript.text)
            ) : transcript.state === 'requested' && transcript.refused ? (
              <>
                <strong>{transcript.email}</strong>: {t('This address did not accept our e-mail.')}{' '}
                <a href="#transcript">{t('Give us another address for your counselor')}</a>.
              </>
            ) : transcript.state === 'requested' ? (
              <>
                {t('Requested from')} <strong>{transcript.email}</strong> {t('on {{date}}.', { date: transcript.on })}
              </>
            ) : transcript.state === 'not-permitted' ? (
              <>
                {t(
                  'You chose not to let us ask your counselor for your transcript. Ask your high school to send your official transcript to the Office of Admissions,',
                )}{' '}
                <a href={`mailto:${transcript.officeEmail}`}>{transcript.officeEmail}</a>
                {t(', by mail or as an electronic transcript.')}
              </>
            ) : transcript.rejected ? (
              <>
                {`${t('The transcript we received on your behalf was not accepted as an official one from your school')} (${transcript.rejected.on}${transcript.rejected.reason ? `: ${transcript.rejected.reason}` : ''}). `}
                <a href="#transcript">{t('Give us your counselor’s school e-mail address')}</a>.
              </>
            ) : transcript.notMyStudent ? (
              <>
                {`${t('{{email}} told us on {{date}} that you are not their student.', { email: transcript.notMyStudent.email, date: transcript.notMyStudent.on })} `}
                <a href="#transcript">{t('Give us your counselor’s e-mail address')}</a>.
              </>
            ) : (
              <>
                {t('We need your counselor’s e-mail address.')} <a href="#transcript">{t('Add it below')}</a>.
              </>
            )}
          </span>
        </li>
        <li className={`checklist__item${decision.state === 'ready' ? ' checklist__item--done' : ''}`}>
          <span className="checklist__mark" aria-hidden="true">
            {decision.state === 'ready' ? '✔' : '…'}
          </span>
          <span>
            <strong>{t('Admission decision')}</strong>
            <br />
            {decision.state === 'ready' ? (
              <>
                {t('Ready.')} <a href="#decision">{t('Read your decision')}</a>.
              </>
            ) : (
              t('Expected by {{date}}.', { date: decision.by })
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
      <h2 id="completion-counselor">{t('Your counselor')}</h2>
      <p>
        {t(
          'We ask your high school counselor to send your transcript. Check that the address is right; if it changes, we send the request to the new address and the old link stops working. Your submitted application does not change.',
        )}
      </p>
      {status.notice && !invalid ? (
        <p className={`alert alert--${status.notice.kind}`} role="status">
          {t(status.notice.text)}
        </p>
      ) : null}
      {form.sendsLeft > 0 ? (
        <form method="post" action={form.action} className="completion__counselor" noValidate>
          <div className={invalid ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={form.field}>
              {t('Counselor’s e-mail address')}
            </label>
            <p className="field__hint" id={`${form.field}-hint`}>
              {form.sendsLeft === 1
                ? t('You can send the request 1 more time.')
                : t('You can send the request {{count}} more times.', { count: form.sendsLeft })}
            </p>
            {invalid ? (
              <p className="field__error-message" id={`${form.field}-error`}>
                {t(status.notice!.text)}
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
            {form.resend ? t('Send the request again') : t('Send the request')}
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
      <h2 id="completion-decision">{t('Your admission decision')}</h2>
      <p className="completion__headline">{decision.headline}</p>
      <p className="field__hint">{t('Released on {{date}}.', { date: decision.releasedOn })}</p>
      {decision.letter ? <div className="completion__letter">{decision.letter}</div> : null}
      <p className="completion__noprint">
        {letterView ? (
          <a href="/completion">{t('Back to your application status')}</a>
        ) : (
          <a href="/completion?view=letter">{t('Open the letter for printing')}</a>
        )}
      </p>
    </section>
  );
}
