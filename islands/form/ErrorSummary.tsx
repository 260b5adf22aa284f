import { ERROR_SUMMARY_ID } from '../../contracts/form-post.js';
import { useEffect, useRef, type MouseEvent } from 'react';
import type { Page, ValidationEntry } from '../../form/types.js';
import { REVIEW_ROUTE } from '../../contracts/routes.js';
import { pageLang, t } from '../../contracts/i18n/page-text.js';
import { localizeMessage } from '../../form/i18n/localize-message.js';

export const SUMMARY_HEADING = "We're missing some information!";
/** The summary's heading when what came back is a file refused without scripts (issue 38): nothing is missing. */
export const UPLOAD_REFUSED_HEADING = 'Your file was not uploaded';

/**
 * §2 validation summary: the items to correct grouped by page, each linking to /{page}#{key}. Shown only
 * while web_status is validating; it takes the focus when it appears so the applicant hears it first.
 */
export function ErrorSummary({
  pages,
  entries,
  onNavigate,
  heading = SUMMARY_HEADING,
}: {
  pages: readonly Page[];
  entries: readonly ValidationEntry[];
  /** A link to another page goes through the island (save first, §2 page change); same-page links just scroll. */
  onNavigate?: (event: MouseEvent<HTMLAnchorElement>, href: string) => void;
  heading?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const shown = entries.length > 0;
  useEffect(() => {
    if (shown && !window.location.hash) box.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={box} id={ERROR_SUMMARY_ID} className="error-summary" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary__title">
        {t(heading)}
      </h2>
      {pages.map((page) => {
        const items = entries.filter((entry) => entry.page === page.id);
        if (items.length === 0) return null;
        return (
          <section key={page.id} className="error-summary__page" aria-labelledby={`error-summary-${page.id}`}>
            <h3 id={`error-summary-${page.id}`} className="error-summary__page-title">
              {page.title}
            </h3>
            <ul className="error-summary__list">
              {items.flatMap((entry) =>
                entry.messages.map((message) => (
                  <li key={`${entry.key}:${message}`}>
                    <a href={`${page.path}#${entry.key}`} onClick={(event) => onNavigate?.(event, `${page.path}#${entry.key}`)}>
                      {t(localizeMessage(message, pageLang()))}
                    </a>
                  </li>
                )),
              )}
            </ul>
          </section>
        );
      })}
      <p className="error-summary__review">
        <a href={REVIEW_ROUTE} onClick={(event) => onNavigate?.(event, REVIEW_ROUTE)}>
          {t('Review your whole application')}
        </a>
      </p>
    </div>
  );
}
