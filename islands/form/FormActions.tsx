import type { MouseEvent } from 'react';
import { REVIEW_ROUTE } from '../../contracts/routes.js';
import { POST_FIELDS, SUBMIT_TARGET } from '../../contracts/form-post.js';
import type { LeaveKind } from './leave.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * Continue, or on the last page "Review your application" and Submit: submit buttons of the page form (DESIGN §6),
 * each handled by the island when it has hydrated (saved first, then where the button goes).
 */
export function FormActions({
  next,
  pagePath,
  busy,
  leave,
  onSummaryLink,
}: {
  next: string | null;
  pagePath: string;
  busy: boolean;
  leave: (kind: LeaveKind, path: string) => void;
  onSummaryLink: (event: MouseEvent<HTMLAnchorElement>, path: string) => void;
}) {
  return (
    <div className="form-actions">
      {next ? (
        <button
          type="submit"
          name={POST_FIELDS.go}
          value={next}
          className="button button--continue"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={(event) => {
            event.preventDefault();
            leave('continue', next);
          }}
        >
          {t('Continue')}
        </button>
      ) : (
        <>
          {/* "Check your answers" before submitting: saved first, like a step link (onSummaryLink). */}
          <a
            href={REVIEW_ROUTE}
            className="button button--secondary form-actions__review js-only"
            onClick={(event) => onSummaryLink(event, REVIEW_ROUTE)}
          >
            {t('Review your application')}
          </a>
          {/* Without scripts a link would leave the ticks of this page behind: the button posts them first (DESIGN §6). */}
          <button
            type="submit"
            name={POST_FIELDS.go}
            value={REVIEW_ROUTE}
            className="button button--secondary form-actions__review nojs-only"
            onClick={(event) => {
              event.preventDefault();
              leave('step', REVIEW_ROUTE);
            }}
          >
            {t('Review your application')}
          </button>
          <button
            type="submit"
            name={POST_FIELDS.go}
            value={SUBMIT_TARGET}
            className="button button--submit"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={(event) => {
              event.preventDefault();
              leave('submit', pagePath);
            }}
          >
            {t('Submit')}
          </button>
        </>
      )}
    </div>
  );
}
