import { afterEach, describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { AccountPopover } from '../../islands/AccountPopover.island.js';
import { Inactivity } from '../../islands/Inactivity.island.js';
import { PdfDownload } from '../../islands/PdfDownload.island.js';
import { GreetingBanner, FIRST_LOGIN_ADVANTAGES, NEXT_STEPS } from '../../pages/layouts/banners/GreetingBanner.js';
import { createHoverIntent, MENU_DELAYS, POPOVER_OFFSET } from '../../islands/lifecycle/hover-intent.js';
import { nextPdfPollDelay } from '../../islands/lifecycle/pdf-poll.js';
import { isPending } from '../../contracts/statuses.js';
import { clearChangedPage, hasChangedPage, markChangedPage } from '../../islands/lifecycle/page-change.js';
import { PAGE_CHANGED_COOKIE } from '../../contracts/page-change.js';
import { readCookie } from '../../contracts/cookies.js';

const noInlineStyle = (html: string) => expect(html).not.toMatch(/\sstyle="/);

describe('lifecycle islands render on the server', () => {
  it('AccountPopover: the closed trigger "Account", logged in or out', () => {
    for (const props of [
      { isLoggedIn: true, username: 'Ada@Example.org' },
      { isLoggedIn: false, username: null },
    ]) {
      const html = renderToString(createElement(AccountPopover, props));
      expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>Account<\/button>/);
      // The content is rendered only when opened, in the browser; without scripts a <noscript> offers the same actions.
      const [outside, noscript = ''] = html.split('<noscript>');
      expect(outside).not.toMatch(/Log Out|Sign In/);
      if (props.isLoggedIn)
        expect(noscript).toMatch(/<form(?=[^>]*method="post")(?=[^>]*action="\/logout")[^>]*><button type="submit"[^>]*>Log Out/);
      else expect(noscript).toContain('href="/login"');
      noInlineStyle(html);
    }
  });

  it('Inactivity: nothing until the warning is due', () => {
    expect(renderToString(createElement(Inactivity))).toBe('');
  });

  it('PdfDownload: progress until the first answer of GET /api/pdf', () => {
    const html = renderToString(createElement(PdfDownload, {}));
    expect(html).toContain('<progress');
    expect(html).toContain('Preparing the PDF of your application');
    expect(html).toContain('role="status"');
    noInlineStyle(html);
  });
});

describe('greeting banners (§1)', () => {
  const render = (variant: 'visitor' | 'first-login' | 'returning' | 'submitted', name = '') =>
    renderToString(createElement(GreetingBanner, { banner: { variant, name } }));

  it('not logged in: first time here?', () => {
    const html = render('visitor');
    expect(html).toContain('First time here?');
    expect(html).toContain('href="/signup"');
    expect(html).toContain('href="/login"');
  });

  it('first login: the four advantages', () => {
    const html = render('first-login', 'Maria');
    expect(html).toContain('Welcome, Maria!');
    expect(FIRST_LOGIN_ADVANTAGES).toEqual([
      'No essay requirement',
      'No application fee',
      'Automatic scholarship consideration',
      'An admission decision within two weeks',
    ]);
    for (const item of FIRST_LOGIN_ADVANTAGES) expect(html).toContain(`<li>${item}</li>`);
  });

  it('later logins: greeting by name, the application is our priority', () => {
    expect(render('returning', 'Mari')).toContain('Welcome back, Mari!');
    expect(render('returning')).toContain('Welcome back!');
    expect(render('returning')).toContain('Your application is our priority.');
  });

  it('submitted: congratulations and next steps', () => {
    const html = render('submitted', 'Mari');
    expect(html).toContain('Congratulations, Mari!');
    for (const step of NEXT_STEPS) expect(html).toContain(step);
  });

  it('every variant is a named region (its content belongs to a landmark), without inline styles', () => {
    for (const variant of ['visitor', 'first-login', 'returning', 'submitted'] as const) {
      const html = render(variant);
      expect(html).toMatch(/^<section[^>]*aria-labelledby="greeting-banner-title"/);
      noInlineStyle(html);
    }
  });
});

describe('account popover menu delays (§9)', () => {
  function fakeTimers() {
    let now = 0;
    const timers = new Map<number, { at: number; run: () => void }>();
    let id = 0;
    return {
      now: () => now,
      setTimer: (run: () => void, ms: number) => (timers.set(++id, { at: now + ms, run }), id),
      clearTimer: (h: unknown) => void timers.delete(h as number),
      advance(ms: number) {
        now += ms;
        for (const [key, t] of [...timers])
          if (t.at <= now) {
            timers.delete(key);
            t.run();
          }
      },
    };
  }

  it('opens after 200 ms of hovering, closes 150 ms after leaving, reopens at once within 300 ms', () => {
    expect(MENU_DELAYS).toEqual({ open: 200, skip: 300, close: 150 });
    expect(POPOVER_OFFSET).toBe(5);
    const timers = fakeTimers();
    let open = false;
    const intent = createHoverIntent({
      isOpen: () => open,
      open: () => (open = true),
      close: () => {
        open = false;
        intent.closed();
      },
      ...timers,
    });
    intent.enter();
    timers.advance(199);
    expect(open).toBe(false);
    timers.advance(1);
    expect(open).toBe(true);
    intent.leave();
    timers.advance(100);
    intent.enter(); // back onto the content in time: stays open
    timers.advance(100);
    expect(open).toBe(true);
    intent.leave();
    timers.advance(150);
    expect(open).toBe(false);
    timers.advance(100);
    intent.enter(); // within the skip window
    expect(open).toBe(true);
    intent.leave();
    timers.advance(150);
    timers.advance(400);
    intent.enter();
    expect(open).toBe(false);
    intent.leave(); // left before the delay: never opens
    timers.advance(500);
    expect(open).toBe(false);
  });

  it('a popover pinned by a click does not close on leaving', () => {
    const timers = fakeTimers();
    let open = true;
    const intent = createHoverIntent({
      isOpen: () => open,
      closesOnLeave: () => false,
      open: () => (open = true),
      close: () => (open = false),
      ...timers,
    });
    intent.leave();
    timers.advance(1000);
    expect(open).toBe(true);
  });
});

describe('PDF polling (§4, §9)', () => {
  it('polls every 1000 ms until the first settled result, then every 600000 ms', () => {
    expect(isPending('UNPROCESSED')).toBe(true);
    expect(isPending('IN_PROGRESS')).toBe(true);
    expect(isPending('COMPLETED')).toBe(false);
    expect(isPending('FAILED')).toBe(false);
    expect(nextPdfPollDelay(false)).toBe(1000);
    expect(nextPdfPollDelay(true)).toBe(600_000);
  });
});

describe('has_changed_page in the browser', () => {
  const original = { document: (globalThis as any).document, window: (globalThis as any).window };
  afterEach(() => {
    (globalThis as any).document = original.document;
    (globalThis as any).window = original.window;
  });

  function fakeDocument(marker: string | null) {
    let jar = '';
    const written: string[] = [];
    (globalThis as any).window = { location: { protocol: 'http:' } };
    (globalThis as any).document = {
      querySelector: () => (marker ? { getAttribute: () => marker } : null),
      get cookie() {
        return jar;
      },
      set cookie(value: string) {
        written.push(value);
        const [pair] = value.split(';');
        jar = /Max-Age=0/.test(value) ? '' : pair!;
      },
    };
    return written;
  }

  it('markChangedPage writes the session marker into a browser-session cookie', () => {
    const written = fakeDocument('m4rker');
    expect(hasChangedPage()).toBe(false);
    markChangedPage();
    expect(written).toEqual([`${PAGE_CHANGED_COOKIE}=m4rker; Path=/; SameSite=Lax`]);
    expect(hasChangedPage()).toBe(true);
    clearChangedPage();
    expect(hasChangedPage()).toBe(false);
  });

  it('does nothing for a visitor (no marker in the page)', () => {
    const written = fakeDocument(null);
    markChangedPage();
    expect(written).toEqual([]);
  });

  it('readCookie finds one cookie in a header', () => {
    expect(readCookie('a=1; freshman.pageChanged=x%2By; b=2', PAGE_CHANGED_COOKIE)).toBe('x+y');
    expect(readCookie('a=1', PAGE_CHANGED_COOKIE)).toBeNull();
    expect(readCookie(undefined, PAGE_CHANGED_COOKIE)).toBeNull();
  });
});
