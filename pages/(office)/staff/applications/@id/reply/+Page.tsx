import { useData } from '../../../../../page-context.js';
import type { StaffReplyPageData } from '../../../../../../contracts/reply-data.js';
import { StaffLayout } from '../../../StaffLayout.js';

/** The reply to the offer and the deposit waiver of one application (issue 39); plain POST forms, a lead's. */
export function Page() {
  const page = useData<StaffReplyPageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <p>
        <a href="/staff">Back to the list</a>
        {page.base ? (
          <>
            {' · '}
            <a href={`${page.base}/checklist`}>Checklist and decision</a>
          </>
        ) : null}
      </p>
      {page.message ? <p>{page.message}</p> : null}
      {page.done ? <p role="status">{page.done}</p> : null}
      {page.base ? (
        <>
          <h2>Offer</h2>
          <p>{page.offer}</p>
          {page.deadline ? <p>{`Reply date: ${page.deadline}`}</p> : null}
        </>
      ) : null}
      {page.deadline ? (
        <>
          <h2>Reply</h2>
          {page.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </>
      ) : null}
      {page.waiver ? (
        <>
          <h2>Deposit waiver</h2>
          <p>
            <strong>{page.waiver.status}</strong>
          </p>
          {page.waiver.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>The applicant’s reason:</p>
          <pre className="letter">{page.waiver.reason}</pre>
          {page.waiver.canDecide ? (
            <div className="actions">
              <form method="post" action={`${page.base}/deposit-waiver`}>
                <input type="hidden" name="decision" value="approve" />
                <button type="submit">Approve the waiver</button>
              </form>
              <form method="post" action={`${page.base}/deposit-waiver`}>
                <input type="hidden" name="decision" value="decline" />
                <button type="submit" className="secondary">
                  Decline the waiver
                </button>
              </form>
            </div>
          ) : null}
        </>
      ) : null}
      {page.form ? (
        <form method="post" action={`${page.base}/reply`}>
          <input type="hidden" name="version" value={page.form.version} />
          <fieldset className="form-box">
            <legend>Record the reply for the applicant (also after the reply date; audited)</legend>
            {page.form.options.map((o) => (
              <div className="choice" key={o.value}>
                <input type="radio" id={`answer-${o.value}`} name="answer" value={o.value} defaultChecked={o.checked} required />
                <label htmlFor={`answer-${o.value}`}>{o.label}</label>
              </div>
            ))}
            {page.form.college !== null ? (
              <p>
                <label htmlFor="college">Where instead (if not enrolling; optional)</label>
                <br />
                <input id="college" name="college" defaultValue={page.form.college} maxLength={200} size={40} />
              </p>
            ) : null}
            <button type="submit">Record the reply</button>
          </fieldset>
        </form>
      ) : null}
    </StaffLayout>
  );
}
