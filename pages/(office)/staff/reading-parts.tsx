import type { ShownReview } from '../../../contracts/reading-page-data.js';

/** The line a successful POST leaves on the page it redirected to. */
export function DoneMessage({ done }: { done: string | null }) {
  return done ? (
    <p role="status" className="done">
      {done}
    </p>
  ) : null;
}

/** A refusal shown above a form that was sent back. */
export function ErrorMessage({ error }: { error: string | null | undefined }) {
  return error ? (
    <p role="alert" className="error">
      {error}
    </p>
  ) : null;
}

/** Reviews side by side (the committee) or one under the other (a narrow window). */
export function Reviews({ reviews, headingLevel = 3 }: { reviews: ShownReview[]; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <div className="reviews">
      {reviews.map((review) => (
        <article key={`${review.reader}-${review.round}`} className="review-card">
          <Heading>
            {review.round} by {review.reader}
          </Heading>
          <p className="muted">Submitted {review.submittedAt}</p>
          <dl className="summary">
            {review.answers.map((a) => (
              <div key={a.label} className="summary-row">
                <dt>{a.label}</dt>
                <dd>{a.value}</dd>
              </div>
            ))}
          </dl>
        </article>
      ))}
    </div>
  );
}
