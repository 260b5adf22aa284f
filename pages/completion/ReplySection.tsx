import type { CompletionReply } from '../../contracts/reply-data.js';
import { EmailText } from '../../islands/ui/EmailText.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * The reply to an offer or to a place on the waitlist, and the enrollment deposit (issue 39): plain forms posting
 * to /completion/reply and /completion/deposit-waiver, so it all works without JavaScript. After the reply date the
 * reply is shown without a form.
 */
export function ReplySection({ reply }: { reply: CompletionReply }) {
  const { current, form, notice } = reply;
  const admit = reply.kind === 'admit';
  return (
    <>
      <section className="completion__section completion__reply" id="reply" aria-labelledby="completion-reply">
        <h2 id="completion-reply">{admit ? t('Your reply to our offer') : t('Your place on the waitlist')}</h2>
        {notice ? (
          <p className={`alert alert--${notice.kind}`} role="status">
            {notice.text}
          </p>
        ) : null}
        {current ? (
          <p className="completion__reply-current">
            {`${t('Your reply:')} `}
            <strong>{current.label}</strong>{' '}
            {current.byOffice
              ? t('(recorded by the Office of Admissions on {{date}}).', { date: current.on })
              : t('(sent on {{date}}).', { date: current.on })}
            {current.college ? ` ${t('You told us you will attend {{college}}.', { college: current.college })}` : null}
          </p>
        ) : (
          <p>
            {admit ? t('Please tell us whether you will enroll by') : t('Please tell us whether you want to stay on the waitlist by')}{' '}
            <strong>{reply.deadline}</strong>.
          </p>
        )}
        {reply.passed ? (
          <p>
            {t('The reply date, {{date}}, has passed. To change your reply, contact the Office of Admissions.', { date: reply.deadline })}
          </p>
        ) : current ? (
          <p className="field__hint">{t('You can change your reply until {{date}}.', { date: reply.deadline })}</p>
        ) : null}
        {form ? (
          <form method="post" action={form.action} className="completion__reply-form">
            <input type="hidden" name="version" value={form.version} />
            <fieldset className="field fieldset">
              <legend className="field__label">
                {current ? t('Change your reply') : admit ? t('Will you enroll?') : t('Do you want to stay on the waitlist?')}
              </legend>
              <div className="choices">
                {form.options.map((o) => (
                  <div className="choice" key={o.value}>
                    <input
                      type="radio"
                      className="choice__input"
                      id={`reply-${o.value}`}
                      name="answer"
                      value={o.value}
                      defaultChecked={o.checked}
                      required
                    />
                    <label htmlFor={`reply-${o.value}`} className="choice__label">
                      {o.label}
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
            {form.college ? (
              <div className="field">
                <label className="field__label" htmlFor="reply-college">
                  {t('If you will not enroll: where will you study instead? (optional)')}
                </label>
                <p className="field__hint" id="reply-college-hint">
                  {t('The college’s name. It helps us plan; it does not change your reply.')}
                </p>
                <input
                  className="input"
                  id="reply-college"
                  name="college"
                  defaultValue={form.college.value}
                  maxLength={form.college.max}
                  autoComplete="off"
                  aria-describedby="reply-college-hint"
                />
              </div>
            ) : null}
            <button type="submit" className="button">
              {current ? t('Change my reply') : t('Send my reply')}
            </button>
          </form>
        ) : null}
      </section>
      {reply.deposit ? <DepositSection deposit={reply.deposit} /> : null}
    </>
  );
}

function DepositSection({ deposit }: { deposit: NonNullable<CompletionReply['deposit']> }) {
  const { waiver } = deposit;
  return (
    <section className="completion__section completion__deposit" id="deposit" aria-labelledby="completion-deposit">
      <h2 id="completion-deposit">{t('Enrollment deposit')}</h2>
      {waiver ? <p className={waiver.status === 'approved' ? 'alert alert--success' : 'alert'}>{waiver.text}</p> : null}
      {waiver?.status === 'approved' ? null : deposit.payUrl ? (
        <p>
          {t('Your place is held once the deposit is paid.')}{' '}
          <a href={deposit.payUrl} rel="noreferrer">
            {t('Pay the enrollment deposit')}
          </a>{' '}
          {t('on the university’s payment page (your reference, {{reference}}, is filled in).', { reference: deposit.reference })}
        </p>
      ) : (
        <p>
          {t('Your place is held once the deposit is paid. To pay it, contact the Office of Admissions at')}{' '}
          <a href={`tel:${deposit.officePhone.replace(/[^0-9+]/g, '')}`}>{deposit.officePhone}</a> {t('or')}{' '}
          <a href={`mailto:${deposit.officeEmail}`}>
            <EmailText email={deposit.officeEmail} />
          </a>{' '}
          {`${t('and give your reference,')} `}
          <strong>{deposit.reference}</strong>.
        </p>
      )}
      {deposit.waiverForm ? (
        <form method="post" action={deposit.waiverForm.action} className="completion__waiver">
          <div className="field">
            <label className="field__label" htmlFor="waiver-reason">
              {t('Cannot pay the deposit? Ask us to waive it')}
            </label>
            <p className="field__hint" id="waiver-reason-hint">
              {t('Tell us why, in a few sentences. A member of the office answers on this page.')}
            </p>
            <textarea
              className="input textarea"
              id="waiver-reason"
              name="reason"
              rows={4}
              maxLength={deposit.waiverForm.reasonMax}
              required
              aria-describedby="waiver-reason-hint"
            />
          </div>
          <button type="submit" className="button button--secondary">
            {t('Ask for a deposit waiver')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
