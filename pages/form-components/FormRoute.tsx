import type { PageId } from '../../form/types.js';
import { pageById } from '../../form/definition.js';
import { FormShell } from '../layouts/FormShell.js';
import { FormIsland } from './FormIsland.js';

/**
 * One form step (§2 /about, /education, /final-steps): the shell around the form island, which renders every
 * question with the current answers on the server. Logged-out visitors (everyone until the lifecycle issue
 * adds saved answers and the session here) start from no answers; their own come back from sessionStorage.
 */
export function FormRoute({ page }: { page: PageId }) {
  const { path } = pageById(page);
  return <FormShell current={path} body={(banners) => <FormIsland banners={banners} page={page} answers={{}} isLoggedIn={false} />} />;
}
