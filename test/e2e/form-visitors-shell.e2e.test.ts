import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { describeE2E, launchBrowser } from '../helpers/browser.js';
import type { RunningServer } from '../helpers/server.js';
import { scriptsBeforeLoadEvent } from '../bench/js-size.js';
import { fieldByKey } from '../../form/fields.js';
import { requiredMessage } from '../../form/messages.js';
import { carried, hydrate, openPage, startFormServer } from './form-helpers.js';

let browser: Browser;
let server: RunningServer;
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startFormServer('form-visitors-shell');
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});
afterEach(async () => {
  for (const page of pages.splice(0)) await page.close().catch(() => {});
});

const open = (path: string, options: { hydrate?: boolean; viewport?: { width: number; height: number } } = {}) =>
  openPage(browser, server, pages, path, options);

describeE2E('the application form in Chromium (production server)', () => {
  describe('logged-out visitors (§2, §6)', () => {
    it('sends a visitor who typed an answer and clicks "2. Your academics" to /signup, carrying the answers', async () => {
      const { page } = await open('/about');
      await page.locator('#first_name').fill('Ada');
      await page.getByRole('link', { name: '2. Your academics' }).click();
      await page.waitForURL(`${server.url}/signup`);
      expect(await carried(page)).toMatchObject({ first_name: 'Ada' });
    });

    it('lets Continue go to the next step while nothing is answered, and to /signup once something is', async () => {
      const { page } = await open('/about');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${server.url}/education`);
      await hydrate(page);
      await page.locator('#hs_gpa').fill('3.5');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(`${server.url}/signup`);
    });

    it('sends Submit to /signup', async () => {
      const { page } = await open('/final-steps');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(`${server.url}/signup`);
    });

    it('keeps answers in the tab: they come back after a reload, with the questions they reveal', async () => {
      const { page, problems } = await open('/about');
      await page.locator('#last_name').fill('Lovelace');
      await page.selectOption('#state', 'UT');
      await page.reload();
      // Answers to restore: the island hydrates without waiting for an interaction.
      await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached', timeout: 20_000 });
      await expect(page.locator('#last_name').inputValue()).resolves.toBe('Lovelace');
      await expect(page.locator('#free_lunch').isVisible()).resolves.toBe(true);
      expect(problems()).toEqual([]);
    });

    it('keeps what was typed before the island hydrated', async () => {
      const page = await browser.newPage();
      pages.push(page);
      // Hold the scripts until the visitor has typed: the keys land in the plain server-rendered input.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/**/*.js', async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`${server.url}/about`, { waitUntil: 'commit' });
      await page.locator('#first_name').focus();
      await page.keyboard.type('Grace', { delay: 5 });
      expect(await page.locator('[data-island="Form"][data-hydrated="true"]').count()).toBe(0);
      release();
      await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached', timeout: 20_000 });
      await page.waitForFunction(() => JSON.parse(window.sessionStorage.getItem('freshman.answers') ?? '{}').first_name === 'Grace');
      await expect(page.locator('#first_name').inputValue()).resolves.toBe('Grace');
    });
  });

  describe('the shell around the island', () => {
    it('keeps the server-rendered banner between the step navigation and the form while the form changes', async () => {
      const { page } = await open('/about');
      const banner = page.getByText('Applications are open.', { exact: false });
      await expect(banner.isVisible()).resolves.toBe(true);
      await page.selectOption('#state', 'UT');
      await page.locator('#first_name').fill('Ada');
      await expect(banner.isVisible()).resolves.toBe(true);
      const order = await page.evaluate(() => {
        const nav = document.querySelector('nav.steps')!;
        const alert = document.querySelector('.banners .alert')!;
        const main = document.querySelector('main')!;
        const following = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & 4); // DOCUMENT_POSITION_FOLLOWING
        return [following(nav, alert), following(alert, main)];
      });
      expect(order).toEqual([true, true]);
    });

    it('loads the form code after the page has loaded (not before its load event), with the validation checks and never joi, nothing more on the first focus, and reports the sizes', async () => {
      const page = await browser.newPage();
      pages.push(page);
      const scripts: Array<{ path: string; body: Buffer }> = [];
      // Each script's body is read as it arrives; `loaded` waits for every read begun so far.
      const reading: Array<Promise<unknown>> = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script')
          reading.push(res.body().then((body) => scripts.push({ path: new URL(res.url()).pathname, body })));
      });
      const loaded = async () => {
        await page.waitForLoadState('networkidle');
        await Promise.all(reading);
        return scripts.map((s) => ({ path: s.path, gzip: gzipSync(s.body).length, text: s.body.toString('utf8') }));
      };
      const kb = (list: Array<{ gzip: number }>) => (list.reduce((n, s) => n + s.gzip, 0) / 1024).toFixed(1);
      const hasForm = (list: Array<{ text: string }>) => list.some((s) => s.text.includes('Legal Sex at Birth'));
      // joi's browser bundle registers itself as a UMD global named joi.
      const hasJoi = (list: Array<{ text: string }>) => list.some((s) => s.text.includes('.joi='));
      // form/validate.ts, as minified: its rule for a term check (the definition holds only `check:`termAfter``). Not
      // the e-mail check: that rides in React's chunk, which the auth cards' rules import too (vite.config.ts).
      const CHECKS_MARKER = 'case`termAfter`';
      const hasChecks = (list: Array<{ text: string }>) => list.some((s) => s.text.includes(CHECKS_MARKER));
      const requested: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') requested.push(req.url());
      });

      await page.goto(`${server.url}/about`);
      // The form's code is fetched in idle time after the load event, never competing with the first paint.
      const all = await loaded();
      const requestedBeforeLoad = new Set(await scriptsBeforeLoadEvent(page));
      const initial = all.filter((s) => requestedBeforeLoad.has(s.path));
      expect(hasForm(initial)).toBe(false);
      await hydrate(page);
      const hydrated = await loaded();
      expect(hasForm(hydrated)).toBe(true);
      // The checks come with the form's code (1.2 KB): a phone that loses its network once the page has loaded
      // still checks answers, and the first focus fetches nothing.
      expect(hasChecks(hydrated)).toBe(true);
      expect(hasJoi(hydrated)).toBe(false);
      const before = requested.length;
      await page.context().setOffline(true);
      const firstName = page.locator('#first_name');
      await firstName.fill('Grace');
      await firstName.fill('');
      await firstName.blur();
      const message = requiredMessage(fieldByKey('first_name')!.question.label);
      await page.locator('.field__error-message', { hasText: message }).waitFor({ state: 'visible', timeout: 10_000 });
      await page.context().setOffline(false);
      expect(requested.slice(before)).toEqual([]);
      const formChunks = hydrated.filter((s) => !requestedBeforeLoad.has(s.path));
      console.log(
        `/about JavaScript (gzip): before the load event ${kb(initial)} KB; once hydrated and after the first focus ${kb(hydrated)} KB ` +
          `(form island, definition and checks ${kb(formChunks)} KB)`,
      );
    });
  });
});
