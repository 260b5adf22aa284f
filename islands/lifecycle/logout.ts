import { api, logout } from '../ui/api.js';
import { clearClientState, navigate } from '../ui/navigation-state.js';
import { flushAll, type FlushReason } from './unsaved.js';
import { clearChangedPage } from './page-change.js';

/**
 * A logout the applicant asked for (account popover, 'No - Please log me out'): unsaved answers are saved
 * first, then GET /api/logout and /login with the §8 text (islands/ui/api.ts). Errors other than an
 * already-ended session are rethrown for the caller's error toast.
 */
export async function logoutByChoice(options: { flush?: boolean; reason?: FlushReason } = {}): Promise<void> {
  if (options.flush !== false) await flushAll(options.reason ?? 'logout');
  clearChangedPage();
  await logout();
}

/**
 * A logout the product decides (§4 inactivity): unsaved answers are saved first; the session is ended
 * whatever happens (an unreachable server is no reason to stay logged in on this screen), then /login
 * shows `message`.
 */
export async function logoutWithMessage(message: string, options: { flush?: boolean } = {}): Promise<void> {
  if (options.flush !== false) await flushAll('inactivity-logout');
  try {
    await api('/api/logout', { onUnauthorized: 'throw' });
  } catch {
    // Already ended (401) or unreachable: the server ends an idle session by itself.
  }
  leaveForLogin(message);
}

/** Clears this tab's client state and goes to /login with `message` (another tab already ended the session). */
export function leaveForLogin(message: string): void {
  clearChangedPage();
  clearClientState();
  navigate('/login', { flash: { kind: 'error', message } });
}
