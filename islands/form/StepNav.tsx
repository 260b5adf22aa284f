import type { MouseEvent } from 'react';
import type { Page, PageId } from '../../form/types.js';
import { PAGE_FORM_ID, POST_FIELDS } from '../../contracts/form-post.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * The three steps (§2): '1. About you' … with 'Step 1' … on narrow screens (the CSS shows one of the two
 * labels, so the link's name is always the visible text). Clicks go through `onNavigate` (signup redirect
 * for logged-out visitors with answers, saving for students).
 *
 * Without scripts a link cannot save, so each step is also a submit button of the page's form that says
 * where to go (DESIGN §6); the stylesheet shows the buttons until the island has hydrated, the links after.
 */
export function StepNav({
  pages,
  current,
  onNavigate,
}: {
  pages: readonly Page[];
  current: PageId;
  onNavigate: (event: MouseEvent<HTMLElement>, page: Page) => void;
}) {
  return (
    <nav className="steps" aria-label={t('Application steps')}>
      <ol className="container steps__list">
        {pages.map((page) => (
          <li key={page.id} className="steps__item">
            <a
              href={page.path}
              className="steps__link"
              aria-current={page.id === current ? 'step' : undefined}
              onClick={(event) => onNavigate(event, page)}
            >
              <span className="steps__long">{page.navLabel}</span>
              <span className="steps__short">{page.shortNavLabel}</span>
            </a>
            <button
              type="submit"
              form={PAGE_FORM_ID}
              name={POST_FIELDS.go}
              value={page.path}
              className="steps__link steps__button nojs-only"
              aria-current={page.id === current ? 'step' : undefined}
              // Clicked before hydration (the click is replayed once hydrated): the island leaves as the link would.
              onClick={(event) => onNavigate(event, page)}
            >
              <span className="steps__long">{page.navLabel}</span>
              <span className="steps__short">{page.shortNavLabel}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
