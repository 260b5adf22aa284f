import type { FormPageData } from '../../../contracts/page-data.js';

/**
 * The deadline on every form page and /review (issue 40), in the university's zone so an applicant in another zone
 * reads the office's clock. Once it has passed the banner says so and that the answers stay readable.
 */
export function DeadlineBanner({ deadline }: { deadline: NonNullable<FormPageData['deadline']> }) {
  if (deadline.passed) {
    return (
      <div className="alert alert--error" role="alert" id="deadline-banner">
        <p>{deadline.passed}</p>
      </div>
    );
  }
  return (
    <div className="alert alert--info" id="deadline-banner">
      <p>{deadline.text}</p>
    </div>
  );
}
