import { describe, expect, it } from '@jest/globals';
import {
  IDLE_TIMEOUT_MS,
  INACTIVITY_LOGOUT_MESSAGE,
  KEEPALIVE_EVERY_MS,
  WARNING_BEFORE_MS,
  idlePhase,
  keepAliveDelay,
  msUntilNextPhase,
} from '../../islands/lifecycle/idle.js';
import { SESSION_INVALID_MESSAGE } from '../../contracts/messages.js';
import { fakeBrowser, linkTabs, tab } from './inactivity-fake-browser.js';

const MIN = 60_000;

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
