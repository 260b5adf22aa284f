import { useData, usePageContext } from '../page-context.js';
import { shellConfig } from '../layouts/public-config.js';
import { formatLocalTime } from '../../form/local-time.js';
import { FormShell } from '../layouts/FormShell.js';
import type { Data } from './+data.js';
import { ReviewAnswers, ReviewProblems } from '../../views/review/ReviewAnswers.js';
import { YOUR_DATA_ROUTE } from '../../contracts/routes.js';
import { formDefinition } from '../../form/definition.js';
import { POST_FIELDS, REVIEW_CHANGED_QUERY, REVIEW_SOURCE, SUBMIT_TARGET } from '../../contracts/form-post.js';
import { pageLang, t } from '../../contracts/i18n/page-text.js';

/**
 * "Review your application" (/review): the answers at once, read-only, with Change links; server-rendered
 * (no island), for logged-in students (pages/+guard.ts sends visitors to /login). It ends with the Final steps
 * page's Submit: a plain form posting to that page as its own Submit does, so the same checks and outcomes (§4)
 * follow, with or without scripts. A submitted application is shown here without Change links.
 */
export function Page() {
  const data = useData<Data>();
  const pageContext = usePageContext();
  const { timeZone } = shellConfig(pageContext);
  if (!data) return null;
  const editable = !data.submitted;
  const changedSince = editable && pageContext.urlParsed.search[REVIEW_CHANGED_QUERY] !== undefined;
  return (
    <FormShell current="/review">
      <h1>{t('Review your application')}</h1>
      {editable ? (
        <p>
          {t(
            'Check your answers before you submit. Each one has a Change link that takes you to the question; optional questions you left empty are not listed.',
          )}
        </p>
      ) : (
        <p className="alert alert--success">
          {data.submitted_at
            ? t('Your application was submitted on {{time}}.', { time: formatLocalTime(data.submitted_at, timeZone, pageLang()) })
            : t('Your application was submitted.')}{' '}
          {data.reference ? t('Reference: {{reference}}.', { reference: data.reference }) : ''} {t('It can no longer be changed.')}{' '}
          <a href="/completion">{t('Back to your confirmation')}</a>
        </p>
      )}
      {changedSince ? (
        <p className="alert alert--error" role="alert">
          {t(
            'Your answers changed in another tab or window after this page was shown, so your application was not submitted. Check them below, then submit again.',
          )}
        </p>
      ) : null}
      {editable && data.problems.length > 0 ? <ReviewProblems problems={data.problems} /> : null}
      {editable && data.problems.length === 0 ? (
        <p className="alert alert--success">
          {t('Every required answer is in place. When you are ready, submit your application at the end of this page.')}
        </p>
      ) : null}
      <ReviewAnswers
        answers={data.answers}
        documents={data.document_answer}
        counts={data.add_another}
        tabs={data.tabs}
        problems={data.problems}
        editable={editable}
      />
      {editable ? <ReviewSubmit owner={data.owner ?? null} etag={data.etag} /> : null}
      <p className="review-your-data">
        <a href={YOUR_DATA_ROUTE}>{t('Download your data or delete your account')}</a>
      </p>
    </FormShell>
  );
}

/**
 * The Final steps page's Submit (§4), posted to that page (the same endpoint) with `@from=review`: the post carries
 * no answers, so the saved ones are submitted as they are (server/form-post/form-post.server.ts). `@owner` sends a
 * post whose session has ended to log in again, as from the form pages. `@version` names the answers shown here: if
 * another tab saved since, the post comes back to this page instead of submitting what was not reviewed.
 */
function ReviewSubmit({ owner, etag }: { owner: string | null; etag: string | null }) {
  const last = formDefinition().pages.at(-1)!;
  return (
    <form className="review-actions" method="post" action={last.path}>
      {owner ? <input type="hidden" name={POST_FIELDS.owner} value={owner} /> : null}
      {etag ? <input type="hidden" name={POST_FIELDS.version} value={etag} /> : null}
      <input type="hidden" name={POST_FIELDS.from} value={REVIEW_SOURCE} />
      <button type="submit" name={POST_FIELDS.go} value={SUBMIT_TARGET} className="button button--submit">
        {t('Submit')}
      </button>
    </form>
  );
}
