import type { MouseEvent } from 'react';
import type { Page, PageId } from '../../form/types.js';

/**
 * The three steps (§2): '1. About you' … with 'Step 1' … on narrow screens (the CSS shows one of the two
 * labels, so the link's name is always the visible text). Clicks go through `onNavigate` (signup redirect
 * for logged-out visitors with answers, saving for students).
 */
export function StepNav({ pages, current, onNavigate }: { pages: readonly Page[]; current: PageId; onNavigate: (event: MouseEvent<HTMLAnchorElement>, page: Page) => void }) {
  return (
    <nav className="steps" aria-label="Application steps">
      <ol className="container steps__list">
        {pages.map((page) => (
          <li key={page.id} className="steps__item">
            <a href={page.path} className="steps__link" aria-current={page.id === current ? 'step' : undefined} onClick={(event) => onNavigate(event, page)}>
              <span className="steps__long">{page.navLabel}</span>
              <span className="steps__short">{page.shortNavLabel}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
