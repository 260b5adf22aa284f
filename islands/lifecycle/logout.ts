import { api, logout } from '../ui/api.js';
import { clearClientState, navigate } from '../ui/navigation-state.js';
import { flushAll, type FlushReason } from './unsaved.js';
import { clearChangedPage } from './page-change.js';

/**
 * A logout the applicant asked for (account popover, 'No - Please log me out'): unsaved answers are saved
 * first, then POST /api/logout and /login with the §8 text (islands/ui/api.ts). Errors other than an
 * already-ended session are rethrown for the caller's error toast.
 */
export async function logoutByChoice(options: { flush?: boolean; reason?: FlushReason } = {}): Promise<void> {
  if (options.flush !== false) await flushAll(options.reason ?? 'logout');
  await logout();
  clearChangedPage();
}

/** POST /api/logout, never throwing. */
export async function endSessionQuietly(): Promise<void> {
  try {
    await api('/api/logout', { method: 'POST', onUnauthorized: 'throw' });
  } catch {
    // Already ended (401), or unreachable: an idle server session ends by itself 15 minutes after its last request.
  }
}

/** After the session ended (here or in another tab): clears this tab's client state and goes to /login with `message`. */
export function leaveForLogin(message: string): void {
  clearChangedPage();
  clearClientState();
  navigate('/login', { flash: { kind: 'error', message } });
}
