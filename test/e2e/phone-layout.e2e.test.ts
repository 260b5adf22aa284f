import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { axeViolations, describeE2E, launchBrowser, screenshot } from '../helpers/browser.js';
import { TEST_TMP } from '../helpers/paths.js';
import { COMPLETE_ANSWERS, FIRST_DEFER_TERM } from '../fixtures/complete-answers.js';
import { PAGE_IDS } from '../../form/definition.js';
import { FLASH_KEY } from '../../islands/ui/navigation-state.js';
import { PAGE_CHANGE_MARKER_ATTRIBUTE, PAGE_CHANGED_COOKIE } from '../../contracts/page-change.js';

/**
 * Issue 26: the application on a phone. Every form page, /review and /completion at 320 and 390 CSS px, each
 * saved as a screenshot under .test-tmp/screenshots/phone-layout/ for people to look at (DESIGN §9), and one
 * measured promise: no select shows its chosen text cut off ("Select an optior"). In-process app, one Chromium.
 */
const SHOTS = join(TEST_TMP, 'screenshots', 'phone-layout');
const WIDTHS = [320, 390] as const;

/** Answers that open every select the form has (deferral, military, a second parent, a parent's own address). */
const EVERY_SELECT: Record<string, string | boolean> = {
  ...COMPLETE_ANSWERS,
  defer_plan: 'Y',
  defer_reason: '2',
  defer_term: FIRST_DEFER_TERM.value,
  armed_forces: 'Y',
  citizenship_type: '2',
  parent_communication_preference: '2',
  parent_addr_same_as_stu_perm: 'N',
  // September: the longest month name.
  grad_month: '9',
  grad_year: '2026',
  hs_attend_from_month: '9',
  hs_attend_from_year: '2022',
};

interface CutSelect {
  id: string;
  text: string;
  needs: number;
  has: number;
}

/**
 * Every visible select whose chosen option's text does not fit: the width the control needs to show that text
 * whole (a copy of it sized to its content, `field-sizing: content`, with the same class, font, padding and arrow)
 * against the width it has.
 */
async function cutSelects(page: Page): Promise<CutSelect[]> {
  return page.evaluate(() => {
    const cut: Array<{ id: string; text: string; needs: number; has: number }> = [];
    for (const select of Array.from(document.querySelectorAll('select'))) {
      const has = select.getBoundingClientRect().width;
      if (has === 0) continue;
      const copy = select.cloneNode(true) as HTMLSelectElement;
      copy.removeAttribute('id');
      copy.removeAttribute('name');
      copy.selectedIndex = select.selectedIndex;
      copy.style.cssText = 'field-sizing: content; width: auto; min-width: 0; max-width: none; position: absolute; visibility: hidden;';
      select.after(copy);
      const needs = copy.getBoundingClientRect().width;
      copy.remove();
      if (needs > has + 0.5)
        cut.push({ id: select.id, text: select.selectedOptions[0]?.text ?? '', needs: Math.round(needs), has: Math.round(has) });
    }
    return cut;
  });
}

/** The elements and text that stick out past the right edge of the screen (none when the page reflows, DESIGN §6). */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const past = (rect: DOMRect) => rect.width > 0 && rect.right > window.innerWidth + 0.5;
    // Text for screen readers only (.visually-hidden, or a step's long label on a phone): clipped to a 1 px box.
    const outOfSight = (element: Element | null): boolean => {
      for (let e = element; e; e = e.parentElement) {
        const rect = e.getBoundingClientRect();
        if (rect.width <= 1 && rect.height <= 1 && getComputedStyle(e).overflow === 'hidden') return true;
      }
      return false;
    };
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      if (past(element.getBoundingClientRect()) && !outOfSight(element))
        out.push(`<${element.tagName.toLowerCase()} class="${element.className}">`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      if (Array.from(range.getClientRects()).some(past) && !outOfSight(node.parentElement))
        out.push(`text "${(node.textContent ?? '').trim().slice(0, 40)}"`);
    }
    if (out.length === 0 && document.documentElement.scrollWidth > window.innerWidth)
      out.push(`scrollWidth ${document.documentElement.scrollWidth}`);
    return out.slice(0, 5);
  });
}

/** The e-mail addresses shown that wrap inside a word: a piece between two of EmailText's break points spans lines. */
async function emailsBrokenMidWord(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.email-text'))
      .filter((element) =>
        Array.from(element.childNodes).some((node) => {
          if (node.nodeType !== Node.TEXT_NODE) return false;
          const range = document.createRange();
          range.selectNodeContents(node);
          return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size > 1;
        }),
      )
      .map((element) => element.textContent ?? ''),
  );
}

describeE2E('the application on a phone (issue 26)', () => {
  let ctx: TestContext;
  let app: Server;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    await loadVikeBuild();
    mkdirSync(SHOTS, { recursive: true });
    ctx = await createTestApp();
    app = ctx.app.listen(0, '127.0.0.1');
    await new Promise((r) => app.once('listening', r));
    base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    ctx.config.publicUrl = base;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    app?.close();
    await ctx?.close();
  });

  async function phone(user: TestUser | null, width: number, javaScriptEnabled = true): Promise<BrowserContext> {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 844 } });
    if (user) {
      const [name, value] = user.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: base }]);
    }
    return context;
  }

  async function shot(page: Page, name: string): Promise<void> {
    await screenshot(page, join(SHOTS, `${name}.png`), { fullPage: true });
  }

  /** A form page as the applicant uses it: scripts loaded and the form island hydrated (its first interaction). */
  async function openFormPage(page: Page, path: string): Promise<void> {
    await page.goto(`${base}${path}`);
    // A student's first page load of a session goes to their last page (§2): once moved, the next one stays.
    if (new URL(page.url()).pathname !== path) {
      // As a step link would (islands/lifecycle/page-change.ts): this session has moved between pages. The
      // cookie goes in through the browser context, which is awaited: a document.cookie write reaches the
      // cookie store asynchronously and a navigation started over CDP right after it may go without it.
      const marker = await page.getAttribute(`[${PAGE_CHANGE_MARKER_ATTRIBUTE}]`, PAGE_CHANGE_MARKER_ATTRIBUTE);
      expect(marker).toBeTruthy();
      await page.context().addCookies([{ name: PAGE_CHANGED_COOKIE, value: encodeURIComponent(marker ?? ''), url: base, sameSite: 'Lax' }]);
      await page.goto(`${base}${path}`);
    }
    expect(new URL(page.url()).pathname).toBe(path);
    await page.waitForSelector('html[data-islands="ready"]', { state: 'attached' });
    await page.locator('h1').first().hover();
    await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached' });
  }

  it('every form page, empty and answered, at 320 and 390 px: no select text is cut off; screenshots saved', async () => {
    const answered = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', answered.cookie).send(EVERY_SELECT).expect(200);
    const cut: Record<string, CutSelect[]> = {};
    for (const [state, user] of [
      ['empty', null],
      ['answered', answered],
    ] as const) {
      const context = await phone(user, WIDTHS[0]);
      const page = await context.newPage();
      for (const id of PAGE_IDS) {
        // One load per page; the layout is measured again at each width.
        await page.setViewportSize({ width: WIDTHS[0], height: 844 });
        await openFormPage(page, `/${id}`);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 844 });
          const found = await cutSelects(page);
          if (found.length > 0) cut[`${id} ${state} ${width}`] = found;
          expect({ page: id, width, overflow: await overflow(page) }).toEqual({ page: id, width, overflow: [] });
          await shot(page, `${id}-${state}-${width}`);
        }
      }
      await context.close();
    }
    expect(cut).toEqual({});
  }, 120_000);

  it('/review and /completion at 320 and 390 px; the header e-mail without scripts; toasts leave the footer readable; staff sign-in', async () => {
    const user = await createLoggedInUser(ctx, 'a.very.long.applicant.address@students.example.edu');
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(COMPLETE_ANSWERS).expect(200);
    for (const width of WIDTHS) {
      const context = await phone(user, width);
      const page = await context.newPage();
      await page.goto(`${base}/review`);
      expect(await overflow(page)).toEqual([]);
      await shot(page, `review-${width}`);
      // At a phone's width too: the step links keep their names (the long labels are out of sight, not removed).
      if (width === 390) {
        expect(await axeViolations(page)).toEqual([]);
        expect(await page.getByRole('link', { name: '1. About you' }).count()).toBe(1);
      }
      await context.close();
    }

    // Without scripts the account's actions stand in the header: the e-mail wraps only at its seams.
    for (const width of WIDTHS) {
      const context = await phone(user, width, false);
      const page = await context.newPage();
      await page.goto(`${base}/about`);
      await expect(page.locator('.account__fallback .account__email').isVisible()).resolves.toBe(true);
      expect(await emailsBrokenMidWord(page)).toEqual([]);
      expect(await overflow(page)).toEqual([]);
      await screenshot(page, join(SHOTS, `header-no-js-${width}.png`));
      await context.close();
    }

    // An error toast stays five minutes: scrolled to the end, the footer is above it, not under it.
    {
      const context = await phone(user, 390);
      const page = await context.newPage();
      await page.goto(`${base}/about`);
      await page.evaluate(
        (key) => sessionStorage.setItem(key, JSON.stringify({ kind: 'error', message: 'Something went wrong. Please try again.' })),
        FLASH_KEY,
      );
      await page.reload();
      await page.locator('.toast').waitFor();
      await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--toast-space') !== '');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const [footer, toasts] = await Promise.all([
        page.locator('.site-footer__inner').boundingBox(),
        page.locator('.toast').first().boundingBox(),
      ]);
      expect(footer!.y + footer!.height).toBeLessThanOrEqual(toasts!.y);
      await screenshot(page, join(SHOTS, 'toast-over-footer-390.png'));
      await context.close();
    }

    await request(ctx.app).post('/api/submit').set('Cookie', user.cookie).expect(200);
    for (const width of WIDTHS) {
      const context = await phone(user, width);
      const page = await context.newPage();
      await page.goto(`${base}/completion`);
      expect(await overflow(page)).toEqual([]);
      expect(await emailsBrokenMidWord(page)).toEqual([]);
      await shot(page, `completion-${width}`);
      await context.close();
    }

    // The staff sign-in page is one white column down to the bottom of the screen.
    const context = await phone(null, 390);
    const page = await context.newPage();
    await page.goto(`${base}/staff/sign-in`);
    expect(
      await page.evaluate(() => Math.round(document.querySelector('main')!.getBoundingClientRect().bottom) >= window.innerHeight),
    ).toBe(true);
    await shot(page, 'staff-sign-in-390');
    await context.close();
  }, 120_000);
});
