import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import type { Browser, Page } from 'playwright-core';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { describeE2E, launchBrowser, screenshot } from '../helpers/browser.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { TEST_TMP } from '../helpers/paths.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { runClientCommand } from '../../server/integration/client-keys.server.js';
import { REPLY_MESSAGES } from '../../domain/after-submission/reply-rules.js';
import { applicantContext, expectAxeClean } from './after-submission-helpers.js';
import { LEAD, REPLY_CLOSES, replyEnv } from '../integration/replies-setup.js';

/** Screenshots for people to look at (not asserted): REPLY_SHOTS when set, else the run's temporary folder. */
const SHOTS = process.env.REPLY_SHOTS ?? join(TEST_TMP, 'screenshots', 'reply');
const shot = (page: Page, name: string) => screenshot(page, join(SHOTS, `${name}.png`), { fullPage: true });

describeE2E('replying to an offer (issue 39)', () => {
  let ctx: TestContext;
  let app: Server;
  let base: string;
  let browser: Browser;
  let key: string;
  let hooks: HttpServer;
  const delivered: Array<Record<string, any>> = [];

  beforeAll(async () => {
    await loadVikeBuild();
    mkdirSync(SHOTS, { recursive: true });
    // The CRM's webhook receiver, on loopback.
    hooks = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        delivered.push(JSON.parse(body) as Record<string, any>);
        res.end();
      });
    });
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`;
    ctx = await createTestApp({
      queue: 'workers',
      env: replyEnv({ WEBHOOK_URL: hookUrl, DEPOSIT_URL: 'https://pay.example.edu/deposit?ref={reference}' }),
    });
    app = ctx.app.listen(0, '127.0.0.1');
    await new Promise((r) => app.once('listening', r));
    base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    ctx.config.publicUrl = base;
    const created = await runClientCommand(ctx.db.knex, { action: 'create', name: 'crm' }, ctx.services.now());
    if (!created.ok) throw new Error(created.message);
    key = created.lines[1]!;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    app?.close();
    await ctx?.close();
    await new Promise((resolve) => hooks?.close(resolve));
  });

  it('an admitted applicant replies "I will enroll" without scripts and asks for a deposit waiver; a lead approves it; after the reply date the reply is final', async () => {
    // Ten minutes before the reply date ends: 11:50 pm on 1 May 2027 in Denver.
    ctx.clock.set(new Date(REPLY_CLOSES.getTime() - 10 * 60_000));
    const user = await createLoggedInUser(ctx);
    await submitAs(ctx, user.cookie, { ...COMPLETE_ANSWERS, first_name: 'Maya', last_name: 'Christensen' });
    const { reference } = (await ctx.db.knex('applications').where({ user_id: user.id }).first('reference')) as { reference: string };
    await request(ctx.app)
      .put(`/integration/v1/applications/${reference}/decision`)
      .set('Authorization', `Bearer ${key}`)
      .send({ decision: 'admit', letter: 'Dear Maya, welcome.', release: true })
      .expect(200);

    // The applicant's forms are used without scripts; axe runs in a second tab with scripts (it needs them).
    const applicant = await applicantContext(browser, base, user, false);
    const page = await applicant.newPage();
    const scripted = await applicantContext(browser, base, user, true);
    const checked = await scripted.newPage();
    const check = async (name: string, url = page.url()) => {
      await checked.goto(url);
      await expectAxeClean(checked);
      await shot(checked, name);
    };
    await page.goto(`${base}/completion`);
    expect(await page.locator('#reply').textContent()).toContain('Please tell us whether you will enroll by May 1, 2027 at 11:59 PM MDT.');
    await check('390-1-reply-form');
    // By keyboard: choose "I will enroll", then Tab past the college's field to the button.
    await page.locator('#reply-enroll').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reply-college');
    await page.keyboard.press('Tab');
    await Promise.all([page.waitForURL(/reply=saved/), page.keyboard.press('Enter')]);
    expect(await page.locator('#reply').getByRole('status').textContent()).toContain('your reply is recorded');
    expect(await page.locator('.completion__reply-current').textContent()).toContain('Your reply: I will enroll');
    const pay = page.getByRole('link', { name: 'Pay the enrollment deposit' });
    expect(await pay.getAttribute('href')).toBe(`https://pay.example.edu/deposit?ref=${reference}`);
    await check('390-2-after-reply');
    await screenshot(checked.locator('#deposit'), join(SHOTS, '390-3-deposit.png'));

    await page.getByLabel('Cannot pay the deposit? Ask us to waive it').fill('My family can pay only after the summer.');
    await page.getByRole('button', { name: 'Ask for a deposit waiver' }).click();
    await page.waitForURL(/reply=waiver-requested/);
    expect(await page.locator('#deposit').textContent()).toContain('The office has not answered yet.');
    await check('390-4-waiver-requested');

    // A lead at the desk (1280 px): the list filtered by reply, then the waiver approved.
    const cookie = await staffCookie(ctx, LEAD);
    const [name, value] = cookie.split('=') as [string, string];
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await desk.addCookies([{ name, value, domain: '127.0.0.1', path: '/staff' }]);
    const staff = await desk.newPage();
    await staff.goto(`${base}/staff`);
    await staff.getByLabel('Reply and deposit').selectOption('waiver-requested');
    await staff.getByRole('button', { name: 'Apply filters' }).click();
    await staff.waitForURL(/reply=waiver-requested/);
    expect(await staff.locator('table.applications tbody tr').count()).toBe(1);
    expect(await staff.locator('table.applications tbody').textContent()).toContain('Will enroll, waiver requested');
    await expectAxeClean(staff);
    await shot(staff, '1280-1-desk-reply-filter');
    await staff.getByRole('link', { name: /reply and deposit of Christensen, Maya/ }).click();
    expect(await staff.locator('main').textContent()).toContain('My family can pay only after the summer.');
    await expectAxeClean(staff);
    await shot(staff, '1280-2-waiver-approval');
    await staff.getByRole('button', { name: 'Approve the waiver' }).click();
    expect(await staff.getByRole('status').textContent()).toContain('The deposit waiver is approved.');
    await expectAxeClean(staff);
    await shot(staff, '1280-3-waiver-approved');
    await desk.close();

    await page.goto(`${base}/completion#deposit`);
    expect(await page.locator('#deposit').textContent()).toContain('Your deposit is waived');
    expect(await page.getByRole('link', { name: 'Pay the enrollment deposit' }).count()).toBe(0);
    await check('390-5-waiver-approved');

    // The CRM: the feed carries the reply, and the webhooks came.
    ctx.clock.advance(10_000);
    const feed = await request(ctx.app).get('/integration/v1/applications').set('Authorization', `Bearer ${key}`).expect(200);
    const item = (feed.body.applications as Array<Record<string, any>>).find((a) => a.reference === reference)!;
    expect(item.reply).toMatchObject({ answer: 'enroll', replied_by: 'applicant', deposit_waiver: { status: 'approved' } });
    for (let i = 0; i < 200 && delivered.filter((d) => d.type === 'deposit.waiver_decided').length === 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    const replies = delivered.filter((d) => d.type === 'reply.received' && d.data.reference === reference);
    expect(replies.map((d) => [d.data.reply.answer, d.data.reply.deposit_waiver?.status ?? null])).toEqual([
      ['enroll', null],
      ['enroll', 'requested'],
    ]);
    expect(delivered.find((d) => d.type === 'deposit.waiver_decided')!.data).toMatchObject({ reference, status: 'approved' });

    // After the reply date: the form is gone, and a post is refused with the reason (409).
    ctx.clock.set(new Date(REPLY_CLOSES.getTime() + 1_000));
    await page.goto(`${base}/completion`);
    expect(await page.locator('form[action="/completion/reply"]').count()).toBe(0);
    expect(await page.locator('#reply').textContent()).toContain('The reply date, May 1, 2027 at 11:59 PM MDT, has passed.');
    await check('390-6-after-reply-date');
    const late = await request(ctx.app)
      .post('/completion/reply')
      .set('Cookie', user.cookie)
      .type('form')
      .send({ answer: 'decline', version: '1' });
    expect(late.status).toBe(409);
    expect(late.text).toContain(REPLY_MESSAGES.passed('May 1, 2027 at 11:59 PM MDT'));
    expect((await ctx.db.knex('enrollment_replies').where({ user_id: user.id }).first()).answer).toBe('enroll');
    await applicant.close();
    await scripted.close();
  }, 180_000);
});
