import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { describeE2E, launchBrowser, watchPageProblems } from '../helpers/browser.js';
import { startServer, type RunningServer } from '../helpers/server.js';
import { TEST_TMP } from '../helpers/paths.js';
import { scriptsBeforeLoadEvent } from '../bench/js-size.js';
import { fieldByKey } from '../../form/fields.js';
import { requiredMessage } from '../../form/messages.js';

let browser: Browser;
let server: RunningServer;
const pages: Page[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  // An open application window, so the shell's banner sits inside the form island's server slot.
  const year = new Date().getFullYear();
  server = await startServer({
    dataDir: mkdtempSync(join(TEST_TMP, 'e2e-form-')),
    env: { WORKER: 'off', APPLICATION_WINDOW_START: `${year - 1}-01-01T00:00:00Z`, APPLICATION_WINDOW_END: `${year + 1}-12-31T00:00:00Z` },
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

async function open(
  path: string,
  options: { hydrate?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; problems: () => string[] }> {
  const page = await browser.newPage(options.viewport ? { viewport: options.viewport } : {});
  pages.push(page);
  const problems = watchPageProblems(page);
  await page.goto(server.url + path);
  await page.waitForSelector('html[data-islands="ready"]', { state: 'attached', timeout: 20_000 });
  if (options.hydrate !== false) await hydrate(page);
  return { page, problems: () => [...problems] };
}

/** The form hydrates in idle time after load, or at once on the first interaction: moving the pointer over it is one. */
async function hydrate(page: Page) {
  await page.locator('h1').hover();
  await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached', timeout: 20_000 });
}

async function carried(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => JSON.parse(window.sessionStorage.getItem('freshman.answers') ?? '{}'));
}

function isoDaysAgo(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

afterEach(async () => {
  for (const page of pages.splice(0)) await page.close().catch(() => {});
});

describeE2E('the application form in Chromium (production server)', () => {
  describe('conditional display (§4)', () => {
    it('shows residency, driver license and free lunch for Utah, and hides and clears them for another state', async () => {
      const { page, problems } = await open('/about');
      const residency = page.locator('#state_legal_residency');
      await expect(residency.count()).resolves.toBe(0);
      await page.selectOption('#state', 'UT');
      await expect(residency.isVisible()).resolves.toBe(true);
      await expect(page.locator('#state_driver_license').isVisible()).resolves.toBe(true);
      await expect(page.locator('#free_lunch').isVisible()).resolves.toBe(true);
      await page
        .getByRole('radiogroup', { name: /legal resident/ })
        .getByLabel('Yes')
        .check();
      await page
        .getByRole('radiogroup', { name: /driver license/ })
        .getByLabel('No')
        .check();
      await page
        .getByRole('radiogroup', { name: /free or reduced lunch/ })
        .getByLabel('Yes')
        .check();
      expect(await carried(page)).toMatchObject({
        state: 'UT',
        state_desc: 'Utah',
        state_legal_residency: 'Y',
        state_driver_license: 'N',
        free_lunch: 'Y',
      });

      await page.selectOption('#state', 'CO');
      await expect(residency.count()).resolves.toBe(0);
      await expect(page.locator('#free_lunch').count()).resolves.toBe(0);
      expect(await carried(page)).toMatchObject({
        state: 'CO',
        state_legal_residency: '',
        state_legal_residency_desc: '',
        state_driver_license: '',
        free_lunch: '',
      });

      // Guam: residency questions but no free lunch; nothing answered before comes back.
      await page.selectOption('#state', 'GU');
      await expect(residency.isVisible()).resolves.toBe(true);
      await expect(residency.isChecked()).resolves.toBe(false);
      await expect(page.locator('#free_lunch').count()).resolves.toBe(0);
      expect(problems()).toEqual([]);
    });

    it('clears a dependent select when its controller changes', async () => {
      const { page } = await open('/education');
      await page
        .getByRole('radiogroup', { name: /defer your enrollment/ })
        .getByLabel('Yes')
        .check();
      await expect(page.locator('#defer_term').count()).resolves.toBe(0);
      await page.selectOption('#defer_reason', '1');
      await page.selectOption('#defer_term', { label: 'Fall 2028' });
      expect(await carried(page)).toMatchObject({ defer_reason: '1', defer_term: 'FA2028', defer_term_desc: 'Fall 2028' });
      await page.selectOption('#defer_reason', '3');
      await expect(page.locator('#defer_term').inputValue()).resolves.toBe('');
      expect(await carried(page)).toMatchObject({ defer_reason: '3', defer_term: '', defer_term_desc: '' });
      // The other branch of the group: deciding not to defer clears the deferral answers.
      await page
        .getByRole('radiogroup', { name: /defer your enrollment/ })
        .getByLabel('No')
        .check();
      await expect(page.locator('#defer_reason').count()).resolves.toBe(0);
      expect(await carried(page)).toMatchObject({ defer_plan: 'N', defer_reason: '' });
    });
  });

  describe('building blocks (§2)', () => {
    it('formats the phone as it is typed', async () => {
      const { page } = await open('/about');
      const phone = page.locator('#phone_home');
      await phone.click();
      await page.keyboard.type('801');
      await expect(phone.inputValue()).resolves.toBe('(801');
      await page.keyboard.type('5551234');
      await expect(phone.inputValue()).resolves.toBe('(801) 555-1234');
      await page.keyboard.type('99');
      await expect(phone.inputValue()).resolves.toBe('(801) 555-1234');
      await page.keyboard.press('Backspace');
      await expect(phone.inputValue()).resolves.toBe('(801) 555-123');
    });

    it('shows the 13-years message for a birth date 12 years ago, after leaving the field', async () => {
      const { page } = await open('/about');
      const birth = page.locator('#birth_date');
      await birth.fill(isoDaysAgo(12));
      await expect(page.locator('#birth_date-error').textContent()).resolves.toBe('');
      await birth.blur();
      await page.getByText('You must be 13 years or older to apply.').waitFor();
      await expect(birth.getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(page.locator('#birth_date-error').textContent()).resolves.toContain('You must be 13 years or older to apply.');
      // Live after the first blur: a valid date removes the message without another blur.
      await birth.fill(isoDaysAgo(17));
      await page.getByText('You must be 13 years or older to apply.').waitFor({ state: 'detached' });
      await expect(birth.getAttribute('aria-invalid')).resolves.toBeNull();
    });

    it('counts the characters of a textarea as they are typed', async () => {
      const { page } = await open('/education');
      const counter = page.locator('#college_pay-count');
      await expect(counter.textContent()).resolves.toBe('Character count: 0 / 7000');
      await page.locator('#college_pay').click();
      await page.keyboard.type('Savings and work');
      await expect(counter.textContent()).resolves.toBe('Character count: 16 / 7000');
    });

    it('adds high schools up to the maximum of five and no further', async () => {
      const { page } = await open('/education');
      const add = page.getByRole('button', { name: 'Add another high school' });
      await expect(page.locator('.repeater__item').count()).resolves.toBe(1);
      for (let n = 2; n <= 5; n++) {
        await add.click();
        await expect(page.locator('.repeater__item').count()).resolves.toBe(n);
        await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(`High School ${n}`);
      }
      await expect(add.count()).resolves.toBe(0);
      await expect(page.getByText('You have added the maximum of 5.').isVisible()).resolves.toBe(true);
      await expect(page.locator('#hs_5_name').isVisible()).resolves.toBe(true);
      await expect(page.locator('#hs_6_name').count()).resolves.toBe(0);
    });

    it('switches tabs by mouse and by keyboard', async () => {
      const { page } = await open('/final-steps');
      const decision = page.getByRole('tab', { name: 'Decision' });
      await expect(decision.getAttribute('aria-selected')).resolves.toBe('true');
      await expect(page.getByText('no application fee', { exact: false }).count()).resolves.toBe(0);
      await page.getByRole('tab', { name: 'Cost to apply' }).click();
      await expect(page.getByText('There is no application fee.').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('tabpanel').filter({ hasText: 'Most applicants' }).count()).resolves.toBe(0);
      // Keyboard: arrows move between tabs, Enter chooses.
      await page.getByRole('tab', { name: 'Cost to apply' }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Scholarships');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('tab', { name: 'Scholarships' }).getAttribute('aria-selected')).resolves.toBe('true');
      await expect(
        page.getByText(/considered for merit scholarships automatically; there is no separate application/).isVisible(),
      ).resolves.toBe(true);
    });

    it('shows the document question under its tab, explaining to a logged-out visitor that it needs an account', async () => {
      const { page, problems } = await open('/education');
      await expect(page.locator('#transcript').count()).resolves.toBe(0);
      await page.getByRole('tab', { name: 'I will upload it now' }).click();
      await page.locator('#transcript').waitFor();
      await expect(page.getByText('This question can be finished once you have created an account.').first().isVisible()).resolves.toBe(
        true,
      );
      await expect(page.locator('#transcript').getAttribute('aria-describedby')).resolves.toContain('transcript-error');
      await page.getByRole('tab', { name: 'My counselor will send it' }).click();
      await expect(page.locator('#transcript').count()).resolves.toBe(0);
      expect(problems()).toEqual([]);
    });

    it('toggles the confirmation trigger between its before and after content', async () => {
      const { page } = await open('/final-steps');
      const before = page.getByText('Before you submit, please confirm', { exact: false });
      const after = page.getByText('Thank you. You can now submit your application.');
      await expect(before.isVisible()).resolves.toBe(true);
      await expect(after.count()).resolves.toBe(0);
      await page.locator('#legal_agree').check();
      await expect(after.isVisible()).resolves.toBe(true);
      await expect(before.count()).resolves.toBe(0);
      expect(await carried(page)).toMatchObject({ legal_agree: true });
      await page.locator('#legal_agree').uncheck();
      await expect(before.isVisible()).resolves.toBe(true);
      await expect(after.count()).resolves.toBe(0);
    });

    it('scrolls to and focuses the question named in the address (/{page}#{key})', async () => {
      // A #question makes the island hydrate at once.
      const { page } = await open('/about#city', { hydrate: false });
      await page.waitForSelector('[data-island="Form"][data-hydrated="true"]', { state: 'attached', timeout: 20_000 });
      await page.waitForFunction(() => document.activeElement?.id === 'city');
      await page.evaluate(() => {
        window.location.hash = 'gender';
      });
      await page.waitForFunction(() => document.activeElement?.id === 'gender');
    });
  });

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
