import { useData, usePageContext } from '../page-context.js';
import { shellConfig } from '../layouts/public-config.js';
import { formatLocalTime } from '../../form/local-time.js';
import { FormShell } from '../layouts/FormShell.js';
import type { Data } from './+data.js';
import { ReviewAnswers, ReviewProblems } from './ReviewAnswers.js';
import { YourData } from './YourData.js';


/**
 * "Review your application" (/review): every answer at once, read-only, with Change links; server-rendered
 * (no island), for logged-in students (pages/+guard.ts sends visitors to /login). Submitting stays on the
 * Final steps page (§2); a submitted application is shown here without Change links.
 */
export function Page() {
  const data = useData<Data>();
  const { timeZone } = shellConfig(usePageContext());
  if (!data) return null;
  const editable = !data.submitted;
  return (
    <FormShell current="/review">
      <h1>Review your application</h1>
      {editable ? (
        <p>Check every answer before you submit. Each one has a Change link that takes you to the question; your answers are saved as you go.</p>
      ) : (
        <p className="alert alert--success">
          {`Your application was submitted${data.submitted_at ? ` on ${formatLocalTime(data.submitted_at, timeZone)}` : ''}${data.reference ? `, reference ${data.reference}` : ''}. It can no longer be changed.`}{' '}
          <a href="/completion">Back to your confirmation</a>
        </p>
      )}
      {editable && data.problems.length > 0 ? <ReviewProblems problems={data.problems} /> : null}
      {editable && data.problems.length === 0 ? (
        <p className="alert alert--success">Every required answer is in place. When you are ready, submit your application on the Final steps page.</p>
      ) : null}
      <ReviewAnswers
        answers={data.answers}
        documents={data.document_answer}
        counts={data.add_another}
        tabs={data.tabs}
        problems={data.problems}
        editable={editable}
      />
      {editable ? (
        <p className="review-actions">
          <a className="button" href="/final-steps">
            Go to Final steps to submit
          </a>
        </p>
      ) : null}
      <YourData submitted={!editable} />
    </FormShell>
  );
}
