import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import request from 'supertest';
import type { Browser, Page } from 'playwright-core';
import type { TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { describeE2E, screenshot } from '../helpers/browser.js';
import { axeViolationsWithoutJs } from './no-js-helpers.js';
import { submitAs } from '../helpers/staff.js';
import { TEST_TMP } from '../helpers/paths.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { FAMILY_CODE_SUBJECT, FAMILY_INVITATION_SUBJECT } from '../../domain/mail/family-mail.server.js';
import {
  applicantContext,
  expectAxeClean,
  startAfterSubmissionStack,
  stopAfterSubmissionStack,
  type AfterSubmissionStack,
} from './after-submission-helpers.js';

/** Screenshots at 390 px of every family access state, for people to look at (SHOTS_DIR, else .test-tmp). */
const SHOTS = process.env.SHOTS_DIR ?? join(TEST_TMP, 'screenshots', 'family');
const shot = (page: Page, name: string) => screenshot(page, join(SHOTS, `${name}.png`), { fullPage: true });

/** What the applicant typed that a family member must never see (the legal name is shown on purpose). */
const ANSWERS: Record<string, string | boolean> = {
  ...COMPLETE_ANSWERS,
  preferred_name: 'Mimi',
  birth_date: '2008-04-03',
  phone_mobile: '(801) 555-0123',
  address_line_1: '77 Quietbrook Lane',
  city: 'Sandy',
  zip: '84070',
  parent_email_address: 'home.lopez@example.com',
  parent_phone: '(801) 555-0199',
  hs_name: 'Alta High School',
  hs_ceeb: '450010',
  counselor_first_name: 'Chidi',
  counselor_last_name: 'Okafor',
  counselor_email_address: 'c.okafor@alta.example.org',
};
const SECRETS = [
  'Mimi',
  '2008-04-03',
  'April 3, 2008',
  '(801) 555-0123',
  '8015550123',
  '77 Quietbrook Lane',
  'Quietbrook',
  'Sandy',
  '84070',
  'home.lopez@example.com',
  '(801) 555-0199',
  'Alta High School',
  '450010',
  'Chidi',
  'Okafor',
  'c.okafor@alta.example.org',
  'Accounting',
  'ACCT-BS',
];
const PARENT = 'rosa.parent@example.net';
/** Another parent for the second test: e-mails to one address are limited (5 in 15 minutes). */
const GUARDIAN = 'lopez.guardian@example.net';

describeE2E('family access: a parent follows the application and loses access when removed', () => {
  let ctx: TestContext;
  let app: Server;
  let base: string;
  let browser: Browser;
  let smtp: AfterSubmissionStack['smtp'];
  let key: string;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ ctx, app, base, browser, smtp, key } = await startAfterSubmissionStack());
  }, 120_000);

  afterAll(() => stopAfterSubmissionStack({ browser, app, ctx, smtp }));

  /** The parent's pages are checked with scripts off (axe needs its timers shimmed there: no-js-helpers.ts). */
  const expectAxeCleanWithoutJs = async (page: Page) => expect(await axeViolationsWithoutJs(page)).toEqual([]);

  async function expectNoAnswers(page: Page, where: string) {
    const html = await page.content();
    for (const secret of SECRETS) expect([where, secret, html.includes(secret)]).toEqual([where, secret, false]);
  }

  async function signInAsParent(page: Page, email = PARENT): Promise<void> {
    const invitation = await smtp.waitFor((m) => m.to.includes(email) && m.subject === FAMILY_INVITATION_SUBJECT, 30_000);
    const link = /(http:\/\/\S+\/family\/sign-in)/.exec(invitation.text)![1]!;
    await page.goto(link);
    await page.getByLabel('E-mail address').fill(email);
    const before = smtp.messages.length;
    await page.keyboard.press('Enter');
    await page.waitForSelector('#family-code');
    const mail = await smtp.waitFor(
      (m) => m.to.includes(email) && m.subject === FAMILY_CODE_SUBJECT && smtp.messages.indexOf(m) >= before,
      30_000,
    );
    await page.getByLabel(/^Sign-in code/).fill(/sign-in code is: (\d{6})/.exec(mail.text)![1]!);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/family\/status$/);
  }

  it('invites from /completion, signs in with a code, sees the checklist and the decision but no answer, and is refused once removed', async () => {
    const user: TestUser = await createLoggedInUser(ctx);
    await submitAs(ctx, user.cookie, ANSWERS);
    const { reference } = (await ctx.db.knex('applications').where({ user_id: user.id }).first('reference')) as { reference: string };

    // The applicant, with scripts: /completion's section leads to /family.
    const applicant = await applicantContext(browser, base, user);
    const own = await applicant.newPage();
    await own.goto(`${base}/completion`);
    await own.locator('#family').scrollIntoViewIfNeeded();
    await expectAxeClean(own);
    await shot(own, 'completion-family-none');
    await own.getByRole('link', { name: 'Invite a family member' }).click();
    await own.waitForURL(/\/family$/);
    await expectAxeClean(own);
    await shot(own, 'family-none');
    // The account menu leads here too.
    await own.getByRole('button', { name: 'Account' }).click();
    expect(await own.getByRole('link', { name: 'Family access' }).getAttribute('href')).toBe('/family');
    await own.keyboard.press('Escape');

    await own.getByLabel('Their name').fill('Rosa Lopez');
    await own.getByLabel('Their e-mail address').fill('rosa@');
    await own.getByRole('button', { name: 'Send the invitation' }).click();
    expect(await own.getByRole('alert').textContent()).toContain('Enter an e-mail address in the correct format');
    await expectAxeClean(own);
    await shot(own, 'family-invite-error');
    await own.getByLabel('Their e-mail address').fill(PARENT);
    await own.getByRole('button', { name: 'Send the invitation' }).click();
    expect(await own.getByRole('status').first().textContent()).toContain('We sent Rosa Lopez an e-mail.');
    await expectAxeClean(own);
    await shot(own, 'family-invited');

    // The parent, without scripts, by keyboard.
    const parent = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await parent.newPage();
    const invitation = await smtp.waitFor((m) => m.to.includes(PARENT) && m.subject === FAMILY_INVITATION_SUBJECT, 30_000);
    await page.goto(/(http:\/\/\S+\/family\/sign-in)/.exec(invitation.text)![1]!);
    await expectAxeCleanWithoutJs(page);
    await shot(page, 'family-sign-in');
    await page.goto(`${base}/family/sign-in?lang=es`);
    expect(await page.locator('h1').textContent()).toBe('Acceso para familiares: iniciar sesión');
    await expectAxeCleanWithoutJs(page);
    await shot(page, 'family-sign-in-es');
    await page.goto(`${base}/family/sign-in?lang=en`);
    await page.getByLabel('E-mail address').fill(PARENT);
    await page.keyboard.press('Enter');
    await page.waitForSelector('#family-code');
    await expectAxeCleanWithoutJs(page);
    await shot(page, 'family-code');
    await page.getByLabel(/^Sign-in code/).fill('000000');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#family-code-error');
    await expectAxeCleanWithoutJs(page);
    await shot(page, 'family-code-wrong');
    await page.goto(`${base}/family/sign-in`);
    await signInAsParent(page);
    expect(await page.locator('h1').textContent()).toBe('Application status of Maria Lopez');
    expect(await page.locator('main').textContent()).toMatch(/Requested from the high school counselor on /);
    await expectAxeCleanWithoutJs(page);
    await expectNoAnswers(page, 'status before the decision');
    await shot(page, 'family-status');

    const letter = 'Dear Maria,\n\nIt is a pleasure to offer you admission to the class entering next fall.\n\nThe Office of Admissions';
    const put = await request(ctx.app)
      .put(`/integration/v1/applications/${reference}/decision`)
      .set('Authorization', `Bearer ${key}`)
      .send({ decision: 'admit', letter, release: true });
    expect(put.status).toBe(200);
    await page.reload();
    expect(await page.locator('main').textContent()).toContain('Maria Lopez is admitted.');
    expect(await page.locator('.letter').textContent()).toBe(letter);
    await expectAxeCleanWithoutJs(page);
    await expectNoAnswers(page, 'status with the decision');
    await shot(page, 'family-status-decision');
    // In Spanish by the header's plain link (a parent often reads Spanish): the same page, axe-clean; then back.
    await page.getByRole('link', { name: 'Español' }).click();
    await page.waitForSelector('html[lang="es"]');
    expect(await page.locator('main').textContent()).toContain('Maria Lopez fue admitido(a).');
    await expectAxeCleanWithoutJs(page);
    await shot(page, 'family-status-decision-es');
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForSelector('html[lang="en"]');

    // The applicant sees when the parent signed in, and removes them (by keyboard).
    await own.goto(`${base}/family`);
    expect(await own.locator('.family-access__list').textContent()).toMatch(/Signed in last on [A-Z]/);
    await shot(own, 'family-signed-in');
    await own.goto(`${base}/completion`);
    await own.locator('#family').scrollIntoViewIfNeeded();
    await shot(own, 'completion-family-listed');
    await own.goto(`${base}/family`);
    await own.getByRole('button', { name: 'Remove access for Rosa Lopez' }).focus();
    await own.keyboard.press('Enter');
    await own.waitForSelector('text=Rosa Lopez no longer has access.');
    await expectAxeClean(own);
    await shot(own, 'family-removed');

    // The parent's very next page load: the sign-in page.
    await page.reload();
    expect(page.url()).toBe(`${base}/family/sign-in?ended=1`);
    expect(await page.getByRole('status').textContent()).toContain('Please sign in');
    await expectAxeCleanWithoutJs(page);
    await shot(page, 'family-access-ended');
    const refused = await page.goto(`${base}/family/status`);
    expect(refused!.url()).toContain('/family/sign-in');
    await parent.close();
    await applicant.close();
  }, 120_000);

  it('a parent two applicants invited reads both; signing out; the limit of three; before submitting', async () => {
    const first = await createLoggedInUser(ctx);
    await submitAs(ctx, first.cookie, { ...ANSWERS, first_name: 'Lucia', last_name: 'Lopez' });
    const second = await createLoggedInUser(ctx);
    await submitAs(ctx, second.cookie, { ...ANSWERS, first_name: 'Mateo', last_name: 'Lopez' });
    const sent = smtp.messages.length;
    for (const user of [first, second]) {
      await request(ctx.app)
        .post('/family/invite')
        .set('Cookie', user.cookie)
        .type('form')
        .send({ family_name: 'Rosa', family_email: GUARDIAN })
        .expect(303);
    }
    await smtp.waitFor((m) => m.to.includes(GUARDIAN) && smtp.messages.indexOf(m) >= sent, 30_000);
    const parent = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await parent.newPage();
    await page.goto(`${base}/family/sign-in`);
    await signInAsParent(page, GUARDIAN);
    expect(await page.locator('h2').allTextContents()).toEqual(expect.arrayContaining(['Lucia Lopez', 'Mateo Lopez']));
    await expectAxeCleanWithoutJs(page);
    await expectNoAnswers(page, 'two applicants');
    await shot(page, 'family-status-two-applicants');
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(await page.getByRole('status').textContent()).toContain('You have signed out.');
    await shot(page, 'family-signed-out');
    await parent.close();

    for (const name of ['Ana', 'Ben']) {
      await request(ctx.app)
        .post('/family/invite')
        .set('Cookie', first.cookie)
        .type('form')
        .send({ family_name: name, family_email: `${name.toLowerCase()}@example.net` })
        .expect(303);
    }
    const applicant = await applicantContext(browser, base, first, false);
    const own = await applicant.newPage();
    await own.goto(`${base}/family`);
    expect(await own.locator('main').textContent()).toContain('the most there can be');
    await expectAxeCleanWithoutJs(own);
    await shot(own, 'family-limit');
    await applicant.close();

    const early = await createLoggedInUser(ctx);
    const notYet = await applicantContext(browser, base, early);
    const earlyPage = await notYet.newPage();
    await earlyPage.goto(`${base}/family`);
    expect(await earlyPage.locator('main').textContent()).toContain('once you have submitted');
    await expectAxeClean(earlyPage);
    await shot(earlyPage, 'family-before-submitting');
    await notYet.close();
  }, 120_000);
});
