/** A fake browser (clock, timers, shared activity store, tab channel) and its tabs, for the inactivity machine's tests. */
import { createInactivityMachine, type InactivityDeps, type InactivityMachine } from '../../islands/lifecycle/inactivity-machine.js';
import type { TabMessage } from '../../islands/lifecycle/tab-sync.js';

/** One browser: a manual clock with timers, the shared activity store and the tab channel. */
export function fakeBrowser() {
  let now = 1_000_000;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  let shared: number | null = null;
  const tabs: Array<(message: TabMessage) => void> = [];
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    setTimer: (run: () => void, ms: number) => {
      timers.set(++nextId, { at: now + ms, run });
      return nextId;
    },
    clearTimer: (handle: unknown) => void timers.delete(handle as number),
    readShared: () => shared,
    writeShared: (at: number) => {
      shared = at;
    },
    tabs,
    /** Time passes: due timers run in order, promises settle in between. */
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].run();
        await settle();
      }
      now = end;
      await settle();
    },
    /** Time jumps without any timer running (a suspended laptop). */
    jump(ms: number) {
      now += ms;
    },
    settle,
  };
}

export type Browser = ReturnType<typeof fakeBrowser>;

/** A tab: the machine plus a log of what it did, in order. */
export function tab(browser: Browser, name: string, overrides: Partial<InactivityDeps> = {}) {
  const log: string[] = [];
  const warnings: boolean[] = [];
  const deps: InactivityDeps = {
    now: browser.now,
    setTimer: browser.setTimer,
    clearTimer: browser.clearTimer,
    readShared: browser.readShared,
    writeShared: (at) => {
      browser.writeShared(at);
      // The storage event reaches the other tabs.
      for (const other of others()) other.sharedActivity(at);
    },
    ping: async () => {
      log.push('ping');
      return 'ok';
    },
    flush: async (reason) => {
      log.push(`flush:${reason}`);
    },
    endSession: async () => {
      log.push('endSession');
    },
    leave: (message) => log.push(`leave:${message}`),
    logoutByChoice: async () => {
      log.push('logoutByChoice');
    },
    sessionEnded: () => log.push('sessionEnded'),
    post: (message) => {
      for (const deliver of browser.tabs) if (deliver !== receive) deliver(message);
    },
    tabId: name,
    onWarning: (visible) => warnings.push(visible),
    ...overrides,
  };
  const receive = (message: TabMessage) => machine.message(message);
  const peers: InactivityMachine[] = [];
  const others = () => peers.filter((m) => m !== machine);
  const machine = createInactivityMachine(deps);
  browser.tabs.push(receive);
  return {
    machine,
    log,
    warnings,
    peers,
    get warning() {
      return warnings.at(-1) ?? false;
    },
  };
}

export function linkTabs(...tabs: Array<ReturnType<typeof tab>>) {
  for (const t of tabs) t.peers.push(...tabs.map((o) => o.machine));
}
