import { lazy, Suspense, useCallback, useState } from 'react';
import { showError } from '../ui/toast-bus.js';
import { UnauthorizedError } from '../ui/api.js';
import { leaveDocumentTab } from './tab-guard.js';

// The dialog (Radix) loads only when a switch is actually blocked: the form island stays light.
const UploadInProgressDialog = lazy(() => import('./UploadInProgressDialog.js').then((m) => ({ default: m.UploadInProgressDialog })));

/** §8: the toast when the tab check fails. */
export function tabsErrorTitle(tabsId: string): string {
  return `Error handling tabs for ${tabsId}`;
}

/**
 * §4 tabs holding documents, for the form's tabs block: `leave(keys, proceed)` runs `proceed` (the tab
 * switch) only once no upload or conversion of `keys` is under way; otherwise it opens the 'File Upload
 * in Progress' dialog, which `dialog` renders. Logged-out visitors have no documents: nothing to check.
 */
export function useDocumentTabGuard(tabsId: string, isLoggedIn: boolean) {
  const [blocked, setBlocked] = useState(false);
  const [checking, setChecking] = useState(false);
  const leave = useCallback(
    async (keys: readonly string[], proceed: () => void) => {
      if (!isLoggedIn || keys.length === 0) return proceed();
      setChecking(true);
      try {
        if ((await leaveDocumentTab(keys)) === 'blocked') setBlocked(true);
        else proceed();
      } catch (err) {
        if (!(err instanceof UnauthorizedError)) showError((err as Error).message, tabsErrorTitle(tabsId));
      } finally {
        setChecking(false);
      }
    },
    [isLoggedIn, tabsId],
  );
  const dialog = blocked ? (
    <Suspense fallback={null}>
      <UploadInProgressDialog open onClose={() => setBlocked(false)} />
    </Suspense>
  ) : null;
  return { leave, checking, dialog };
}
