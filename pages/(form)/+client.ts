import { hydrateIslands } from '../../islands/hydrate.js';
import { CARRIED_ANSWERS_KEY } from '../../islands/ui/navigation-state.js';

/**
 * The form island brings React and the form definition (about 95 KB gzip). A first-time visitor has
 * nothing for it to do until they move the pointer, touch or tab into the page, so it then hydrates on that
 * first interaction (clicks are replayed, and values typed meanwhile are picked up by the island). It
 * hydrates at once when there is work on arrival: answers kept in this tab to restore, a #question to focus,
 * or a logged-in student's page.
 */
function formNeededAtOnce(element: HTMLElement): boolean {
  if (window.location.hash) return true;
  try {
    if (window.sessionStorage.getItem(CARRIED_ANSWERS_KEY)) return true;
  } catch {
    // storage disabled: nothing to restore
  }
  try {
    return (JSON.parse(element.dataset.props ?? '{}') as { isLoggedIn?: boolean }).isLoggedIn === true;
  } catch {
    return true;
  }
}

const form = document.querySelector<HTMLElement>('[data-island="Form"]');
if (form && !form.dataset.hydrate && !formNeededAtOnce(form)) form.dataset.hydrate = 'interaction';
hydrateIslands();
