import { idlePhase, keepAliveDelay, msUntilNextPhase, INACTIVITY_LOGOUT_MESSAGE } from './idle.js';
import { SESSION_INVALID_MESSAGE as LOGOUT_MESSAGE } from '../../contracts/messages.js';
import type { FlushReason } from './unsaved.js';
import type { TabMessage } from './tab-sync.js';

/** Everything the machine touches, injected so the rules run (and are tested) without a browser. */
export interface InactivityDeps {
  now(): number;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  readShared(): number | null;
  writeShared(at: number): void;
  /** Any authenticated call: it slides the server session. 'ended' when the server answers 401. */
  ping(): Promise<'ok' | 'ended' | 'error'>;
  flush(reason: FlushReason): Promise<unknown>;
  /** POST /api/logout, never throwing. */
  endSession(): Promise<void>;
  /** Clears this tab's state and goes to /login with the message. */
  leave(message: string): void;
  /** The applicant chose to log out ('No'); the machine has flushed every tab already. §8: /login with its text. */
  logoutByChoice(): Promise<void>;
  /** The session ended elsewhere (§8 session invalid flow). */
  sessionEnded(): void;
  post(message: TabMessage): void;
  tabId: string;
  onWarning(visible: boolean): void;
}

/** While expiring, how long to collect the other tabs' "flushing" answers, then how long to wait for them. */
export const COLLECT_REPLIES_MS = 300;
export const WAIT_FOR_TABS_MS = 10_000;
/** Activity is written to the shared store at most this often. */
const SHARE_EVERY_MS = 1000;

export interface InactivityMachine {
  start(): void;
  /** Mouse, keyboard, touch, scroll or the tab becoming visible in this tab. */
  activity(): void;
  /** Another tab recorded activity at `at`. */
  sharedActivity(at: number): void;
  message(message: TabMessage): void;
  /** 'Yes - Take me back to my application'. */
  stay(): void;
  /** 'No - Please log me out'. */
  leave(): Promise<void>;
  dispose(): void;
}

/**
 * §4 inactivity for a logged-in student, shared by the tabs of one browser: a warning 60 s before the
 * 15-minute timeout; only 'Yes' dismisses it; at the timeout (or on activity after 15 minutes or more)
 * every tab saves its unsaved answers, then the session ends and every tab shows the inactivity message.
 */
export function createInactivityMachine(deps: InactivityDeps): InactivityMachine {
  let lastActivity = deps.now();
  let lastShared = -Infinity;
  let lastPing: number | null = null;
  let phaseTimer: unknown = null;
  let pingTimer: unknown = null;
  let warningShown = false;
  let ending = false;
  let disposed = false;
  // While this tab is expiring: tabs that said they are flushing, and a callback when they are all done.
  const flushingTabs = new Set<string>();
  let onTabsFlushed: (() => void) | null = null;

  const latestActivity = () => Math.max(lastActivity, deps.readShared() ?? -Infinity);

  function share(at: number, force = false) {
    if (!force && at - lastShared < SHARE_EVERY_MS) return;
    lastShared = at;
    deps.writeShared(at);
  }

  function showWarning(visible: boolean) {
    if (warningShown === visible) return;
    warningShown = visible;
    deps.onWarning(visible);
    if (visible) void deps.flush('inactivity-warning').catch(() => undefined);
  }

  function schedule() {
    if (phaseTimer !== null) deps.clearTimer(phaseTimer);
    phaseTimer = null;
    if (ending || disposed) return;
    lastActivity = latestActivity();
    const now = deps.now();
    const phase = idlePhase(lastActivity, now);
    if (phase === 'expired') {
      void expire();
      return;
    }
    showWarning(phase === 'warning');
    phaseTimer = deps.setTimer(schedule, msUntilNextPhase(lastActivity, now));
  }

  function ping() {
    if (pingTimer !== null) deps.clearTimer(pingTimer);
    pingTimer = null;
    lastPing = deps.now();
    void deps.ping().then((result) => {
      if (result === 'ended' && !ending && !disposed) {
        ending = true;
        stopTimers();
        deps.sessionEnded();
      }
    });
  }

  function keepAlive(now: number) {
    const delay = keepAliveDelay(lastPing, now);
    if (delay === 0) ping();
    else if (pingTimer === null) pingTimer = deps.setTimer(ping, delay);
  }

  function stopTimers() {
    if (phaseTimer !== null) deps.clearTimer(phaseTimer);
    if (pingTimer !== null) deps.clearTimer(pingTimer);
    phaseTimer = pingTimer = null;
  }

  /** Asks every other tab to flush and waits for those that answer (bounded), while flushing this tab. */
  async function flushEverywhere(): Promise<void> {
    flushingTabs.clear();
    deps.post({ type: 'expiring', from: deps.tabId });
    const own = deps.flush('inactivity-logout').catch(() => undefined);
    await new Promise<void>((resolve) => deps.setTimer(resolve, COLLECT_REPLIES_MS));
    if (flushingTabs.size > 0) {
      await new Promise<void>((resolve) => {
        const timer = deps.setTimer(done, WAIT_FOR_TABS_MS);
        function done() {
          deps.clearTimer(timer);
          onTabsFlushed = null;
          resolve();
        }
        onTabsFlushed = done;
      });
    }
    await own;
  }

  async function expire() {
    if (ending) return;
    ending = true;
    stopTimers();
    await flushEverywhere();
    await deps.endSession();
    deps.post({ type: 'logged-out', from: deps.tabId, message: INACTIVITY_LOGOUT_MESSAGE });
    deps.leave(INACTIVITY_LOGOUT_MESSAGE);
  }

  return {
    start() {
      // Loading this page was activity, and its request refreshed the session.
      lastActivity = deps.now();
      lastPing = lastActivity;
      share(lastActivity, true);
      schedule();
    },
    activity() {
      if (ending || disposed) return;
      const now = deps.now();
      if (warningShown || idlePhase(latestActivity(), now) !== 'active') {
        // Only 'Yes' dismisses the warning; after 15 minutes or more, activity logs out (§4).
        schedule();
        return;
      }
      lastActivity = now;
      share(now);
      keepAlive(now);
    },
    sharedActivity(at) {
      if (ending || disposed || at <= lastActivity) return;
      lastActivity = at;
      schedule();
    },
    message(message) {
      if (disposed) return;
      if (message.type === 'expiring' && message.from !== deps.tabId) {
        deps.post({ type: 'flushing', to: message.from, from: deps.tabId });
        void deps
          .flush('inactivity-logout')
          .catch(() => undefined)
          .then(() => deps.post({ type: 'flushed', to: message.from, from: deps.tabId }));
      } else if (message.type === 'flushing' && message.to === deps.tabId) {
        flushingTabs.add(message.from);
      } else if (message.type === 'flushed' && message.to === deps.tabId) {
        flushingTabs.delete(message.from);
        if (flushingTabs.size === 0) onTabsFlushed?.();
      } else if (message.type === 'logged-out' && message.from !== deps.tabId && !ending) {
        ending = true;
        stopTimers();
        deps.leave(message.message);
      }
    },
    stay() {
      if (ending || disposed) return;
      const now = deps.now();
      lastActivity = now;
      share(now, true);
      ping();
      schedule();
    },
    async leave() {
      if (ending || disposed) return;
      ending = true;
      stopTimers();
      try {
        await flushEverywhere();
        await deps.logoutByChoice();
        deps.post({ type: 'logged-out', from: deps.tabId, message: LOGOUT_MESSAGE });
      } catch (err) {
        // Still logged in (e.g. the server was unreachable): keep watching, and let the caller say so.
        ending = false;
        schedule();
        throw err;
      }
    },
    dispose() {
      disposed = true;
      stopTimers();
    },
  };
}
