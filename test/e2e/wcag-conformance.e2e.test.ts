import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { describeE2E, launchBrowser } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { openPage, startFormServer } from './form-helpers.js';
import {
  TEXT_SPACING_CSS,
  addUserStyle,
  clippedText,
  faintControlBorders,
  horizontalOverflow,
  smallTargets,
  tabStops,
} from './wcag-checks.js';

/**
 * The WCAG 2.1 and 2.2 AA criteria axe-core cannot judge, measured on the pages every applicant sees first
 * (the account pages and the three form steps, as a visitor): docs/accessibility.md cites each test by name.
 */
const PAGES = ['/login', '/signup', '/forgot', '/about', '/education', '/final-steps'] as const;
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let server: RunningServer;
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startFormServer('wcag');
}, 90_000);
afterEach(async () => {
  for (const p of pages.splice(0)) await p.close();
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

async function open(path: string, viewport = PHONE): Promise<Page> {
  const formStep = !['/login', '/signup', '/forgot'].includes(path);
  return (await openPage(browser, server, pages, path, { viewport, hydrate: formStep })).page;
}

describeE2E('WCAG criteria beyond axe-core, on the account pages and the form steps', () => {
  it('1.4.12 Text spacing: with the criterion’s spacing forced, no text is cut off and nothing scrolls sideways at 390 px', async () => {
    for (const path of PAGES) {
      const page = await open(path);
      await addUserStyle(page, TEXT_SPACING_CSS);
      expect([path, await clippedText(page)]).toEqual([path, []]);
      expect([path, await horizontalOverflow(page)]).toEqual([path, 0]);
    }
  });

  it('1.4.4 Resize text: text at 200 % on a 1280 px screen is neither cut off nor pushed sideways', async () => {
    for (const path of PAGES) {
      const page = await open(path, { width: 1280, height: 800 });
      await addUserStyle(page, 'html { font-size: 200% !important; }');
      expect([path, await clippedText(page)]).toEqual([path, []]);
      expect([path, await horizontalOverflow(page)]).toEqual([path, 0]);
    }
  });

  it('1.3.4 Orientation: a phone held sideways (844 × 390) shows every page without sideways scrolling', async () => {
    for (const path of PAGES) {
      const page = await open(path, { width: 844, height: 390 });
      expect([path, await horizontalOverflow(page)]).toEqual([path, 0]);
    }
  });

  it('2.5.8 Target size (minimum): every control is 24 × 24 px or has room around it, at 390 px', async () => {
    for (const path of PAGES) {
      const page = await open(path);
      expect([path, await smallTargets(page)]).toEqual([path, []]);
    }
  });

  it('2.4.7 Focus visible and 2.4.11 Focus not obscured: every Tab stop shows focus and is never hidden under the header or a banner', async () => {
    for (const path of PAGES) {
      const page = await open(path, { width: 390, height: 640 });
      const stops = await tabStops(page);
      expect(stops.length).toBeGreaterThan(2);
      expect([path, stops.filter((s) => !s.visibleIndicator).map((s) => s.what)]).toEqual([path, []]);
      expect([path, stops.filter((s) => s.entirelyHidden).map((s) => s.what)]).toEqual([path, []]);
    }
  });

  it('1.4.11 Non-text contrast: the edges of text boxes and selects stand out at least 3:1', async () => {
    for (const path of PAGES) {
      const page = await open(path);
      expect([path, await faintControlBorders(page)]).toEqual([path, []]);
    }
  });

  it('3.2.6 Consistent help: the office’s contacts and Help come in the same place and order on every page', async () => {
    const orders: string[] = [];
    for (const path of PAGES) {
      const page = await open(path);
      const order = await page.evaluate(() => {
        const footer = document.querySelector('footer');
        if (!footer) return 'no footer';
        const parts = [...footer.querySelectorAll('h2, a[href^="tel:"], a[href^="mailto:"], button, a')].map((el) =>
          el.tagName === 'H2'
            ? 'heading'
            : el.getAttribute('href')?.split(':')[0] === 'tel'
              ? 'phone'
              : /help/i.test(el.textContent ?? '')
                ? 'help'
                : null,
        );
        const isLast = footer.compareDocumentPosition(document.querySelector('main')!) & Node.DOCUMENT_POSITION_PRECEDING;
        return `${isLast ? 'after main' : 'before main'}: ${parts.filter(Boolean).join(' > ')}`;
      });
      orders.push(order);
    }
    expect(orders[0]).toMatch(/after main: heading > phone > help/);
    expect(new Set(orders).size).toBe(1);
  });

  it('3.3.8 Accessible authentication: passwords and codes can be pasted or filled by a password manager, and no puzzle is asked', async () => {
    for (const path of ['/login', '/signup'] as const) {
      const page = await open(path);
      const password = page.locator('input[type="password"]').first();
      expect(await password.getAttribute('autocomplete')).toBe(path === '/login' ? 'current-password' : 'new-password');
      expect(await page.locator('input[type="email"]').first().getAttribute('autocomplete')).toMatch(/username|email/);
      // Nothing cancels a paste.
      const prevented = await password.evaluate((el) => {
        const event = new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: new DataTransfer() });
        event.clipboardData?.setData('text/plain', 'correct horse battery staple');
        el.dispatchEvent(event);
        return event.defaultPrevented;
      });
      expect(prevented).toBe(false);
      expect(await page.locator('iframe, [class*="captcha" i], [id*="captcha" i]').count()).toBe(0);
    }
  });
});
