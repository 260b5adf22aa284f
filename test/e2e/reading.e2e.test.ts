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
import { startSmtpReceiver } from '../helpers/smtp.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { TEST_TMP } from '../helpers/paths.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { DECISION_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';

/** Screenshots of each reading page at 1280 CSS px (and the reader view at 390), for people to look at. */
const SHOTS = join(TEST_TMP, 'screenshots', 'reading');
const LEAD = 'lead@admissions.example.edu';
const READERS = ['reader1@admissions.example.edu', 'reader2@admissions.example.edu'];

describeE2E('issue 37: assign, read, review, decide with a letter, schedule a release', () => {
  let ctx: TestContext;
  let app: Server;
  let base: string;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let clockShift = 0;

  beforeAll(async () => {
    await loadVikeBuild();
    mkdirSync(SHOTS, { recursive: true });
    smtp = await startSmtpReceiver();
    // Jobs (the decision e-mails, the scheduled release) run in this process, mailing the real SMTP receiver.
    ctx = await createTestApp({
      queue: 'workers',
      env: { SMTP_URL: smtp.url, STAFF_EMAILS: [LEAD, ...READERS].join(','), STAFF_ROLES: `lead=${LEAD}` },
    });
    // The real clock, until the test moves it past the scheduled release (`passTheMinute`).
    ctx.services.now = () => new Date(Date.now() + clockShift);
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
    await smtp?.close();
  });

  async function desk(email: string, width = 1280): Promise<Page> {
    const [name, value] = (await staffCookie(ctx, email)).split('=') as [string, string];
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/staff' }]);
    return context.newPage();
  }

  async function check(page: Page, shot: string): Promise<void> {
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, join(SHOTS, `${shot}.png`), { fullPage: true });
    // What the officer sees first, at full size.
    await screenshot(page, join(SHOTS, `${shot}-window.png`));
  }

  /** "2027-03-15", "09:01": the next whole minute at least a minute ahead, on the university's clock. */
  function aMinuteAhead(): { date: string; time: string; at: Date } {
    const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: ctx.config.timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(at)
        .map((p) => [p.type, p.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, at };
  }

  /**
   * The minute passes: the app's clock moves past `at`, and so does the queue's (the job was sent to start then;
   * pg-boss reads PostgreSQL's clock, which a test cannot move, so the job's start moves back by the same amount).
   */
  async function passTheMinute(at: Date): Promise<void> {
    const shift = at.getTime() + 1000 - Date.now();
    if (shift <= 0) return;
    clockShift = shift;
    await ctx.db.knex.raw(
      `update pgboss.job set start_after = start_after - make_interval(secs => ?) where name = 'release-batch' and state = 'created'`,
      [shift / 1000],
    );
  }

  it('a lead assigns 3 applications to 2 readers; each reads and reviews their queue; the committee decides with letters; a scheduled release, less one, reaches its applicants', async () => {
    const leadCookie = await staffCookie(ctx, LEAD);
    const applicants: Array<TestUser & { first: string; reference: string }> = [];
    for (const first of ['Ana', 'Ben', 'Cyd']) {
      const user = await createLoggedInUser(ctx);
      await submitAs(ctx, user.cookie, { ...COMPLETE_ANSWERS, first_name: first });
      // Complete: the office received the transcript on paper (what makes it ready for review).
      await request(ctx.app)
        .post(`/staff/applications/${user.id}/transcript`)
        .set('Cookie', leadCookie)
        .type('form')
        .send({ via: 'office-paper' })
        .expect(303);
      const { reference } = (await ctx.db.knex('applications').where({ user_id: user.id }).first('reference')) as { reference: string };
      applicants.push({ ...user, first, reference });
    }

    // The lead spreads the three among the two readers.
    const lead = await desk(LEAD);
    await lead.goto(`${base}/staff/reading`);
    for (const a of applicants) await lead.getByLabel(a.reference).check();
    for (const r of READERS) await lead.getByLabel(r).check();
    await check(lead, 'assign');
    await lead.getByRole('button', { name: 'Spread evenly among the chosen readers' }).click();
    expect(await lead.getByRole('status').textContent()).toBe('3 applications assigned to 2 readers.');

    // Each reader sees only their queue, reads each application and reviews it.
    const queues: string[][] = [];
    for (const [i, email] of READERS.entries()) {
      const reader = await desk(email);
      await reader.goto(`${base}/staff/queue`);
      const links = reader.getByRole('link', { name: /^Read FA-/ });
      const refs = (await links.allTextContents()).map((t) => t.replace('Read ', ''));
      queues.push(refs);
      if (i === 0) await check(reader, 'queue');
      await links.first().click();
      for (const [n, ref] of refs.entries()) {
        const a = applicants.find((x) => x.reference === ref)!;
        expect(await reader.locator('h1').textContent()).toContain(ref);
        expect(await reader.getByRole('region', { name: 'Answers' }).textContent()).toContain(a.first);
        expect(await reader.getByRole('link', { name: /Skip to the review form/ }).getAttribute('accesskey')).toBe('r');
        await reader
          .getByRole('group', { name: /^Academic preparation/ })
          .getByLabel('4')
          .check();
        await reader
          .getByRole('group', { name: /^Personal qualities/ })
          .getByLabel('5')
          .check();
        if (i === 0 && n === 0) {
          // Left out the recommendation: the message at its field, what was chosen kept.
          await reader.getByRole('button', { name: 'Submit the review' }).click();
          expect(await reader.locator('#recommendation-error').textContent()).toContain('Recommendation');
          expect(
            await reader
              .getByRole('group', { name: /^Academic preparation/ })
              .getByLabel('4')
              .isChecked(),
          ).toBe(true);
          await check(reader, 'reader-view-errors');
        }
        await reader
          .getByRole('group', { name: /^Recommendation/ })
          .getByLabel(a.first === 'Ben' ? 'Deny' : 'Admit')
          .check();
        await reader.getByLabel(/^Comment/).fill(`Read by ${email}.`);
        await reader.getByRole('button', { name: 'Submit the review' }).click();
        expect(await reader.getByRole('status').textContent()).toBe('Your review is submitted.');
        expect(await reader.getByRole('heading', { name: `First read by ${email}` }).count()).toBe(1);
        if (i === 0 && n === 0) await check(reader, 'reader-view-reviewed');
        const next = reader.getByRole('link', { name: 'Next in my queue (Alt+Shift+N)' });
        if (n < refs.length - 1) await next.click();
      }
      if (i === 1) {
        // A reader may not decide or release: the desk's 403, and a line in the trail.
        await reader.goto(`${base}/staff/committee`);
        expect(await reader.locator('h1').textContent()).toBe('Not allowed');
        const refused = await reader.request.post(`${base}/staff/committee/${applicants[0]!.id}/decision`, {
          form: { decision: 'admit' },
          maxRedirects: 0,
        });
        expect(refused.status()).toBe(403);
        const release = await reader.request.post(`${base}/staff/releases/release`, {
          form: { application: applicants[0]!.id, confirmation: 'x' },
          maxRedirects: 0,
        });
        expect(release.status()).toBe(403);
        expect(await ctx.db.knex('staff_audit').where({ staff_email: email, action: 'forbidden' }).orderBy('id').pluck('detail')).toEqual([
          { action: 'GET /staff/committee', role: 'lead' },
          { action: 'POST /staff/committee/:id/decision', role: 'lead' },
          { action: 'POST /staff/releases/release', role: 'lead' },
        ]);
        const wide = await desk(email, 390);
        await wide.goto(`${base}/staff/queue`);
        await wide.goto(`${base}/staff/queue/${applicants.find((a) => a.reference === refs[0])!.id}`);
        await check(wide, 'reader-view-390');
      }
    }
    expect(queues.map((q) => q.length).sort()).toEqual([1, 2]);
    expect(queues.flat().sort()).toEqual(applicants.map((a) => a.reference).sort());

    // The committee: both readers' reviews; a decision with its templated letter, previewed, for each.
    await lead.goto(`${base}/staff/committee`);
    for (const r of READERS) expect(await lead.locator('main').textContent()).toContain(`First read by ${r}`);
    await check(lead, 'committee');
    for (const a of applicants) {
      const entry = lead.getByRole('region', { name: new RegExp(`^${a.reference}`) });
      await entry.getByLabel(a.first === 'Ben' ? 'Deny' : 'Admit').check();
      await entry.getByRole('button', { name: 'Preview the letter' }).click();
      const letter = lead.getByLabel(/^Letter, merged for this applicant/);
      expect(await letter.inputValue()).toContain(`Dear ${a.first},`);
      expect(await letter.inputValue()).toContain(a.reference);
      if (a.first === 'Ana') await check(lead, 'committee-preview');
      await lead.getByRole('button', { name: 'Record decision' }).click();
      expect(await lead.getByRole('status').textContent()).toContain('The decision is recorded.');
      expect(await lead.getByRole('region', { name: new RegExp(a.reference) }).count()).toBe(0);
    }

    // A batch release without its confirmation releases nothing.
    const unconfirmed = await lead.request.post(`${base}/staff/releases/release`, {
      form: { application: applicants[0]!.id },
      maxRedirects: 0,
    });
    expect(unconfirmed.status()).toBe(409);
    expect(await ctx.db.knex('decisions').whereNotNull('released_at').pluck('user_id')).toEqual([]);

    // The release: previewed, scheduled a minute ahead, Cyd taken out of it.
    await lead.goto(`${base}/staff/releases`);
    for (const a of applicants) await lead.getByLabel(a.reference).check();
    await lead.getByRole('button', { name: 'Preview release' }).click();
    expect(await lead.locator('#preview-heading').textContent()).toBe('Release 3 decisions: 2 admit, 1 deny');
    const when = aMinuteAhead();
    await lead.getByLabel('Date').fill(when.date);
    await lead.getByLabel('Time').fill(when.time);
    await check(lead, 'release-preview');
    await lead.getByRole('button', { name: 'Schedule the release' }).click();
    expect(await lead.getByRole('status').textContent()).toBe('The release is scheduled.');
    const cyd = applicants[2]!;
    await lead.getByRole('button', { name: new RegExp(`Remove from this release.*${cyd.reference}`) }).click();
    expect(await lead.locator('#confirm-heading').textContent()).toContain(`Take ${cyd.reference}`);
    await check(lead, 'release-remove-confirm');
    await lead.getByRole('button', { name: 'Yes, remove it from the release' }).click();
    expect(await lead.getByRole('status').textContent()).toBe('The application is taken out of the release.');
    await check(lead, 'releases-scheduled');

    // The letter templates page, for its look and its preview.
    await lead.goto(`${base}/staff/letters`);
    await lead.getByLabel('Application reference to preview with').first().fill(applicants[0]!.reference);
    await lead.getByRole('button', { name: 'Preview for an applicant' }).first().click();
    expect(await lead.locator('pre.letter').textContent()).toContain('Dear Ana,');
    await check(lead, 'letters-preview');

    // The lead's pages on a phone, while the minute passes.
    const phone = await desk(LEAD, 390);
    for (const path of ['reading', 'committee', 'letters', 'releases']) {
      await phone.goto(`${base}/staff/${path}`);
      await check(phone, `${path}-390`);
    }

    // Queued to start at the scheduled minute and not before; nothing released yet.
    const queued = await ctx.db.knex.raw(`select start_after from pgboss.job where name = 'release-batch' and state = 'created'`);
    expect(queued.rows.map((r: { start_after: Date }) => r.start_after.getTime())).toEqual([when.at.getTime()]);
    expect(smtp.messages.filter((m) => m.subject === DECISION_SUBJECT)).toEqual([]);

    // The job releases the rest when the minute comes: one e-mail each; the letter on /completion; Cyd nothing.
    await passTheMinute(when.at);
    for (const a of applicants.slice(0, 2)) await smtp.waitFor((m) => m.to.includes(a.username) && m.subject === DECISION_SUBJECT, 150_000);
    for (const a of applicants) {
      const sent = smtp.messages.filter((m) => m.to.includes(a.username) && m.subject === DECISION_SUBJECT);
      expect([a.first, sent.length]).toEqual([a.first, a === cyd ? 0 : 1]);
      const context: BrowserContext = await browser.newContext({ javaScriptEnabled: false });
      const [name, value] = a.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: base }]);
      const completion = await context.newPage();
      await completion.goto(`${base}/completion`);
      if (a === cyd) expect(await completion.locator('#decision').count()).toBe(0);
      else expect(await completion.locator('.completion__letter').textContent()).toContain(`Dear ${a.first},`);
      await context.close();
    }
  }, 300_000);
});
