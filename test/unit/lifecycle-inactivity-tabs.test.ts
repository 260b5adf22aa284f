/** Inactivity across the tabs of one browser, and the registry of unsaved answers every tab flushes. */
import { describe, expect, it } from '@jest/globals';
import { INACTIVITY_LOGOUT_MESSAGE } from '../../islands/lifecycle/idle.js';
import { flushAll, registerFlush, registeredFlushCount } from '../../islands/lifecycle/unsaved.js';
import { fakeBrowser, linkTabs, tab } from './inactivity-fake-browser.js';

const MIN = 60_000;

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
