import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { api, ApiError, sessionInvalid, UnauthorizedError } from './ui/api.js';
import { GENERIC_ERROR_MESSAGE } from '../contracts/messages.js';
import { isLoggedIn } from './ui/navigation-state.js';
import { showError } from './ui/toast-bus.js';
import { createInactivityMachine, type InactivityMachine } from './lifecycle/inactivity-machine.js';
import { onSharedActivity, openTabChannel, readSharedActivity, writeSharedActivity } from './lifecycle/tab-sync.js';
import { flushAll } from './lifecycle/unsaved.js';
import { endSessionQuietly, leaveForLogin, logoutByChoice } from './lifecycle/logout.js';
import { shareStyleNonce } from './ui/style-nonce.js';
import { trackPageChangeLinks } from './lifecycle/page-change.js';

const InactivityDialog = lazy(() => import('./lifecycle/InactivityDialog.js').then((m) => ({ default: m.InactivityDialog })));

// Before any dialog opens: its scroll lock's <style> needs the CSP nonce.
shareStyleNonce();

/** What counts as activity (§4): pointer, keyboard, touch, wheel and scrolling; returning to the tab too. */
const ACTIVITY_EVENTS = ['mousemove', 'pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Any authenticated call slides the server session; this one is the lightest. */
async function pingSession(): Promise<'ok' | 'ended' | 'error'> {
  try {
    await api('/api/session', { onUnauthorized: 'throw' });
    return 'ok';
  } catch (err) {
    return err instanceof UnauthorizedError ? 'ended' : 'error';
  }
}

/**
 * §4 inactivity modal for logged-in students (rendered only for them): 'Still working?' one minute before
 * the 15-minute timeout, in step across this browser's tabs; answers are saved before any logout.
 */
export function Inactivity() {
  const [warning, setWarning] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const machine = useRef<InactivityMachine | null>(null);
  const [warned, setWarned] = useState(false);

  useEffect(() => {
    // §4: logged in means an identity-provider cookie; without one there is nothing to time out.
    if (!isLoggedIn()) return;
    let current: InactivityMachine | null = null;
    const channel = openTabChannel((message) => current?.message(message));
    current = createInactivityMachine({
      now: () => Date.now(),
      setTimer: (run, ms) => window.setTimeout(run, ms),
      clearTimer: (handle) => window.clearTimeout(handle as number),
      readShared: readSharedActivity,
      writeShared: writeSharedActivity,
      ping: pingSession,
      flush: (reason) => flushAll(reason),
      endSession: endSessionQuietly,
      leave: leaveForLogin,
      logoutByChoice: () => logoutByChoice({ flush: false }),
      sessionEnded: sessionInvalid,
      post: channel.post,
      tabId: channel.id,
      onWarning: (on) => {
        if (on) setWarned(true);
        setWarning(on);
      },
    });
    machine.current = current;
    const onActivity = () => current?.activity();
    const onVisible = () => {
      if (document.visibilityState === 'visible') current?.activity();
    };
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisible);
    const stopShared = onSharedActivity((at) => current?.sharedActivity(at));
    // This island is on every page of a logged-in student: it also notes moves by plain links (§3 has_changed_page).
    const stopTracking = trackPageChangeLinks();
    current.start();
    return () => {
      stopTracking();
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
      stopShared();
      current?.dispose();
      channel.close();
      machine.current = null;
    };
  }, []);

  async function leave() {
    setLeaving(true);
    try {
      await machine.current?.leave();
    } catch (err) {
      showError(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE);
      setLeaving(false);
    }
  }

  // The dialog's code (Radix dialog, about 14 KB gzip) loads when the warning is first due, not with the page.
  // Once loaded it stays mounted, so closing it is Radix's own close (focus goes back where it was).
  return warned ? (
    <Suspense fallback={null}>
      <InactivityDialog open={warning} leaving={leaving} onStay={() => machine.current?.stay()} onLeave={() => void leave()} />
    </Suspense>
  ) : null;
}
