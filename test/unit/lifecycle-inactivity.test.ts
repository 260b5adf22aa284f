import { describe, expect, it } from '@jest/globals';
import { createInactivityMachine, type InactivityDeps, type InactivityMachine } from '../../islands/lifecycle/inactivity-machine.js';
import {
  IDLE_TIMEOUT_MS,
  INACTIVITY_LOGOUT_MESSAGE,
  KEEPALIVE_EVERY_MS,
  WARNING_BEFORE_MS,
  idlePhase,
  keepAliveDelay,
  msUntilNextPhase,
} from '../../islands/lifecycle/idle.js';
import type { TabMessage } from '../../islands/lifecycle/tab-sync.js';
import { flushAll, registerFlush, registeredFlushCount } from '../../islands/lifecycle/unsaved.js';
import { SESSION_INVALID_MESSAGE } from '../../contracts/messages.js';

const MIN = 60_000;

/** One browser: a manual clock with timers, the shared activity store and the tab channel. */
function fakeBrowser() {
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

type Browser = ReturnType<typeof fakeBrowser>;

/** A tab: the machine plus a log of what it did, in order. */
function tab(browser: Browser, name: string, overrides: Partial<InactivityDeps> = {}) {
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

function linkTabs(...tabs: Array<ReturnType<typeof tab>>) {
  for (const t of tabs) t.peers.push(...tabs.map((o) => o.machine));
}

describe('idle rules (§4, §9)', () => {
  it('warns 60 s before the 15-minute timeout', () => {
    expect(IDLE_TIMEOUT_MS).toBe(900_000);
    expect(WARNING_BEFORE_MS).toBe(60_000);
    expect(idlePhase(0, 14 * MIN - 1)).toBe('active');
    expect(idlePhase(0, 14 * MIN)).toBe('warning');
    expect(idlePhase(0, 15 * MIN - 1)).toBe('warning');
    expect(idlePhase(0, 15 * MIN)).toBe('expired');
    expect(msUntilNextPhase(0, 10 * MIN)).toBe(4 * MIN);
    expect(msUntilNextPhase(0, 14.5 * MIN)).toBe(0.5 * MIN);
  });

  it('pings the session at most once a minute while active, with a trailing ping', () => {
    expect(keepAliveDelay(null, 5000)).toBe(0);
    expect(keepAliveDelay(0, KEEPALIVE_EVERY_MS)).toBe(0);
    expect(keepAliveDelay(0, 10_000)).toBe(KEEPALIVE_EVERY_MS - 10_000);
  });
});

describe('the inactivity machine', () => {
  it('shows the warning after 14 idle minutes, not before, and saves unsaved answers then', async () => {
    const browser = fakeBrowser();
    const t = tab(browser, 'a');
    t.machine.start();
    await browser.advance(14 * MIN - 1000);
    expect(t.warning).toBe(false);
    await browser.advance(1000);
    expect(t.warning).toBe(true);
    expect(t.log).toEqual(['flush:inactivity-warning']);
  });

  it("'Yes' dismisses the warning, slides the server session and restarts the 15 minutes", async () => {
    const browser = fakeBrowser();
    const t = tab(browser, 'a');
    t.machine.start();
    await browser.advance(14.5 * MIN);
    t.machine.stay();
    await browser.settle();
    expect(t.warning).toBe(false);
    expect(t.log).toContain('ping');
    await browser.advance(14 * MIN - 1000);
    expect(t.warning).toBe(false);
    await browser.advance(1000);
    expect(t.warning).toBe(true);
  });

  it('at the timeout: saves answers, then ends the session, tells the other tabs and leaves with the §4 message', async () => {
    const browser = fakeBrowser();
    const t = tab(browser, 'a');
    t.machine.start();
    await browser.advance(15 * MIN);
    await browser.advance(1000); // the short wait for other tabs' replies
    expect(t.log).toEqual(['flush:inactivity-warning', 'flush:inactivity-logout', 'endSession', `leave:${INACTIVITY_LOGOUT_MESSAGE}`]);
  });

  it('activity postpones the warning; activity during the warning does not dismiss it', async () => {
    const browser = fakeBrowser();
    const t = tab(browser, 'a');
    t.machine.start();
    await browser.advance(10 * MIN);
    t.machine.activity();
    await browser.advance(10 * MIN);
    expect(t.warning).toBe(false);
    await browser.advance(4 * MIN);
    expect(t.warning).toBe(true);
    t.machine.activity();
    await browser.settle();
    expect(t.warning).toBe(true);
  });

  it('activity after 15 minutes or more (no timer ran: a suspended laptop) logs out', async () => {
    const browser = fakeBrowser();
    const t = tab(browser, 'a');
    t.machine.start();
    browser.jump(16 * MIN);
    t.machine.activity();
    await browser.advance(1000);
    expect(t.log).toContain('endSession');
    expect(t.log.at(-1)).toBe(`leave:${INACTIVITY_LOGOUT_MESSAGE}`);
  });

  it('keeps the server session alive while the student is active (one ping a minute at most, one trailing)', async () => {
    const browser = fakeBrowser();
    const t = tab(browser, 'a');
    t.machine.start(); // the page load itself counts as a ping
    await browser.advance(10_000);
    t.machine.activity();
    await browser.advance(10_000);
    t.machine.activity();
    expect(t.log.filter((e) => e === 'ping')).toHaveLength(0);
    await browser.advance(KEEPALIVE_EVERY_MS);
    expect(t.log.filter((e) => e === 'ping')).toHaveLength(1);
    await browser.advance(5 * MIN);
    expect(t.log.filter((e) => e === 'ping')).toHaveLength(1);
  });

  it('follows the §8 flow when a ping finds the session ended', async () => {
    const browser = fakeBrowser();
    const t = tab(browser, 'a', { ping: async () => 'ended' });
    t.machine.start();
    await browser.advance(2 * MIN);
    t.machine.activity();
    await browser.settle();
    expect(t.log).toEqual(['sessionEnded']);
  });

  it("'No' saves answers in every tab, logs out and sends the other tabs to /login", async () => {
    const browser = fakeBrowser();
    const a = tab(browser, 'a');
    const b = tab(browser, 'b');
    linkTabs(a, b);
    a.machine.start();
    b.machine.start();
    await browser.advance(14 * MIN + 1000);
    const leaving = a.machine.leave();
    await browser.advance(1000);
    await leaving;
    expect(a.log).toEqual(['flush:inactivity-warning', 'flush:inactivity-logout', 'logoutByChoice']);
    expect(b.log).toEqual(['flush:inactivity-warning', 'flush:inactivity-logout', `leave:${SESSION_INVALID_MESSAGE}`]);
  });

  it("a failed 'No' is reported and the timer keeps running", async () => {
    const browser = fakeBrowser();
    const t = tab(browser, 'a', {
      logoutByChoice: async () => {
        throw new Error('offline');
      },
    });
    t.machine.start();
    await browser.advance(14 * MIN);
    const leaving = t.machine.leave();
    await browser.advance(1000);
    await expect(leaving).rejects.toThrow('offline');
    await browser.advance(2 * MIN);
    expect(t.log).toContain('endSession');
  });
});

describe('inactivity across tabs of one browser', () => {
  it('activity in one tab postpones the warning in the others, and "Yes" in one dismisses it everywhere', async () => {
    const browser = fakeBrowser();
    const a = tab(browser, 'a');
    const b = tab(browser, 'b');
    linkTabs(a, b);
    a.machine.start();
    b.machine.start();
    await browser.advance(10 * MIN);
    a.machine.activity();
    await browser.advance(5 * MIN);
    expect(b.warning).toBe(false);
    await browser.advance(9 * MIN);
    expect(a.warning).toBe(true);
    expect(b.warning).toBe(true);
    a.machine.stay();
    await browser.settle();
    expect(a.warning).toBe(false);
    expect(b.warning).toBe(false);
  });

  it('at the timeout every tab saves its answers before the session ends, and every tab leaves', async () => {
    const browser = fakeBrowser();
    const order: string[] = [];
    const slowSaves: Array<() => void> = [];
    const a = tab(browser, 'a', { endSession: async () => void order.push('a:endSession') });
    // Tab b's save takes a while (say it was in the background): the session must wait for it.
    const b = tab(browser, 'b', {
      endSession: async () => void order.push('b:endSession'),
      flush: (reason) =>
        reason === 'inactivity-logout'
          ? new Promise<void>((resolve) => slowSaves.push(() => (order.push('b:flushed'), resolve())))
          : Promise.resolve(),
    });
    linkTabs(a, b);
    a.machine.start();
    b.machine.start();
    await browser.advance(15 * MIN);
    await browser.advance(5000);
    expect(order).toEqual([]);
    for (const finish of slowSaves) finish();
    await browser.advance(1000);
    expect(order[0]).toBe('b:flushed');
    expect(order.some((e) => e.endsWith(':endSession'))).toBe(true);
    expect(a.log.at(-1)).toBe(`leave:${INACTIVITY_LOGOUT_MESSAGE}`);
    expect(b.log.at(-1)).toBe(`leave:${INACTIVITY_LOGOUT_MESSAGE}`);
  });

  it('a tab that another tab logged out leaves for /login with that message', async () => {
    const browser = fakeBrowser();
    const a = tab(browser, 'a');
    const b = tab(browser, 'b');
    linkTabs(a, b);
    a.machine.start();
    b.machine.start();
    b.machine.message({ type: 'logged-out', from: 'a', message: INACTIVITY_LOGOUT_MESSAGE });
    expect(b.log).toEqual([`leave:${INACTIVITY_LOGOUT_MESSAGE}`]);
    // Its own timer is stopped: it never leaves twice.
    await browser.advance(20 * MIN);
    expect(b.log.filter((e) => e.startsWith('leave:'))).toHaveLength(1);
    expect(b.warnings).toEqual([]);
  });
});

describe('the unsaved-answers registry', () => {
  it('runs every registered flush and waits for them; unregistering removes one', async () => {
    const done: string[] = [];
    const off1 = registerFlush(async (reason) => {
      await new Promise((r) => setTimeout(r, 20));
      done.push(`one:${reason}`);
    });
    const off2 = registerFlush(() => void done.push('two'));
    expect(registeredFlushCount()).toBe(2);
    await expect(flushAll('logout')).resolves.toEqual({ ok: true });
    expect(done.sort()).toEqual(['one:logout', 'two']);
    off1();
    off2();
    expect(registeredFlushCount()).toBe(0);
    await expect(flushAll('logout')).resolves.toEqual({ ok: true });
  });

  it('reports a failed or hung flush without throwing', async () => {
    const off1 = registerFlush(async () => {
      throw new Error('409');
    });
    await expect(flushAll('inactivity-logout')).resolves.toEqual({ ok: false });
    off1();
    const off2 = registerFlush(() => new Promise(() => undefined));
    await expect(flushAll('inactivity-logout', 30)).resolves.toEqual({ ok: false });
    off2();
  });
});
