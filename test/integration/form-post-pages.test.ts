import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { CONFLICT_MESSAGE } from '../../server/application/routes.server.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';
import { KEPT_ANSWERS_COOKIE } from '../../server/form-post/kept-answers.server.js';
import { parsePostAction, POST_FIELDS, SUBMIT_TARGET } from '../../contracts/form-post.js';
import { typedAnswers } from '../../form/typed-answers.js';

/**
 * DESIGN §6: the form pages posted as plain HTML forms (application/x-www-form-urlencoded), as a browser without
 * JavaScript sends them. The answers go through the same save as PUT /api/answer; the button decides what follows.
 */
let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const profile = async (user: TestUser) => (await request(ctx.app).get('/api/profile').set('Cookie', user.cookie).expect(200)).body;
const etag = async (user: TestUser) =>
  (await request(ctx.app).get('/api/profile').set('Cookie', user.cookie).expect(200)).headers.etag as string;
const post = (path: string, cookie: string | null, form: Record<string, string>) => {
  const req = request(ctx.app).post(path).type('form').send(form);
  return cookie ? req.set('Cookie', cookie) : req;
};

describe('a form page posted without scripts', () => {
  it('saves the answers and goes where Continue says (post/redirect/get), recording the last page', async () => {
    const user = await createLoggedInUser(ctx);
    const res = await post('/about', user.cookie, {
      [POST_FIELDS.version]: await etag(user),
      first_name: 'Maria',
      phone_mobile: '801 555 0123',
      birth_date: '4/3/2008',
      [POST_FIELDS.go]: '/education',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/education');
    const saved = await profile(user);
    expect(saved.answer).toMatchObject({ first_name: 'Maria', phone_mobile: '(801) 555-0123', birth_date: '2008-04-03' });
    expect(saved.last_page).toBe('/education');
    expect(saved.web_status).toEqual([{ web_status: 'started' }]);
  });

  it('shows the page again with the summary, inline messages and what was typed when an answer is malformed', async () => {
    const user = await createLoggedInUser(ctx);
    const res = await post('/about', user.cookie, {
      [POST_FIELDS.version]: await etag(user),
      first_name: 'Maria',
      phone_mobile: '801555',
      [POST_FIELDS.go]: '/education',
    });
    expect(res.status).toBe(422);
    expect(res.text).toContain('We&#x27;re missing some information!');
    expect(res.text).toContain('href="/about#phone_mobile"');
    expect(res.text).toMatch(/id="phone_mobile"[^>]*aria-invalid="true"/);
    expect(res.text).toMatch(/id="phone_mobile"[^>]*value="\(801\) 555"/);
    expect(res.text).toMatch(/id="first_name"[^>]*value="Maria"/);
    // Saved all the same, as the island saves while typing; only the move waits for the correction.
    expect((await profile(user)).last_page).toBeNull();
  });

  it('refuses a stale version with the conflict message, keeping what was typed over the other save', async () => {
    const user = await createLoggedInUser(ctx);
    const stale = await etag(user);
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send({ middle_name: 'Elena' }).expect(200);
    const res = await post('/about', user.cookie, {
      [POST_FIELDS.version]: stale,
      first_name: 'Rosa',
      middle_name: '',
      [POST_FIELDS.go]: '/education',
    });
    expect(res.status).toBe(409);
    expect(res.text).toContain(CONFLICT_MESSAGE);
    expect(res.text).toMatch(/id="first_name"[^>]*value="Rosa"/);
    expect(res.text).toMatch(/id="middle_name"[^>]*value="Elena"/);
    expect((await profile(user)).answer.first_name).toBeUndefined();
    // The page carries the current version: sent again, it saves.
    const fresh = /<input type="hidden" form="page-form" name="@version" value="&quot;(v\d+)&quot;"/.exec(res.text)![1]!;
    expect(
      (
        await post('/about', user.cookie, {
          [POST_FIELDS.version]: `"${fresh}"`,
          first_name: 'Rosa',
          middle_name: 'Elena',
          [POST_FIELDS.go]: '/education',
        })
      ).status,
    ).toBe(303);
    expect((await profile(user)).answer).toMatchObject({ first_name: 'Rosa', middle_name: 'Elena' });
  });

  it('applies Update, add another and tabs through the same rules as the JSON API', async () => {
    const user = await createLoggedInUser(ctx);
    const update = await post('/about', user.cookie, { state: 'UT', [POST_FIELDS.action]: 'update:state' });
    expect(update.headers.location).toBe('/about#state');
    expect((await request(ctx.app).get('/about').set('Cookie', user.cookie)).text).toContain('id="state_legal_residency"');

    const add = await post('/education', user.cookie, { hs_name: 'Alta High School', [POST_FIELDS.action]: 'add:high-schools' });
    expect(add.headers.location).toBe('/education#high-schools-1-title');
    expect((await request(ctx.app).get('/api/add-another').set('Cookie', user.cookie)).body['high-schools']).toBe(2);

    const tab = await post('/education', user.cookie, { [POST_FIELDS.action]: 'tab:transcript-source:upload' });
    expect(tab.headers.location).toBe('/education#transcript-source');
    expect((await request(ctx.app).get('/api/tabs').set('Cookie', user.cookie)).body['transcript-source']).toBe('upload');
  });

  it('submits a complete application and goes to /completion; an incomplete one to the summary: on Final steps when it has a problem there, else on the default route', async () => {
    const incomplete = await createLoggedInUser(ctx);
    // Issue 38: the certification left unticked is said beside it, on Final steps.
    const unticked = await post('/final-steps', incomplete.cookie, { counselor_waiver_request: 'Y', [POST_FIELDS.go]: SUBMIT_TARGET });
    expect(unticked.headers.location).toBe('/final-steps#error-summary');
    const res = await post('/final-steps', incomplete.cookie, {
      counselor_waiver_request: 'Y',
      legal_agree: 'on',
      [POST_FIELDS.go]: SUBMIT_TARGET,
    });
    expect(res.headers.location).toBe('/about');
    const summary = await request(ctx.app).get('/about').set('Cookie', incomplete.cookie);
    expect(summary.text).toContain('We&#x27;re missing some information!');

    const complete = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', complete.cookie).send(COMPLETE_ANSWERS).expect(200);
    const submitted = await post('/final-steps', complete.cookie, {
      counselor_waiver_request: 'Y',
      legal_agree: 'on',
      [POST_FIELDS.go]: SUBMIT_TARGET,
    });
    expect(submitted.headers.location).toBe('/completion');
    expect((await profile(complete)).submitted_at).not.toBeNull();
    // A submitted application is final: a later post changes nothing.
    expect((await post('/about', complete.cookie, { first_name: 'Changed', [POST_FIELDS.go]: '/education' })).headers.location).toBe(
      '/completion',
    );
    expect((await profile(complete)).answer.first_name).toBe(COMPLETE_ANSWERS.first_name);
  });

  it('keeps the answers of a page posted after the session ended, and hands them to the account at the next login', async () => {
    const user = await createLoggedInUser(ctx);
    // The page the applicant has open names the account (its answers are kept for that account only).
    const open = await request(ctx.app).get('/about').set('Cookie', user.cookie).expect(200);
    const owner = /name="@owner" value="([^"]+)"/.exec(open.text)?.[1] ?? /value="([^"]+)"[^>]*name="@owner"/.exec(open.text)?.[1];
    expect(owner).toBeTruthy();
    await request(ctx.app).post('/api/logout').set('Cookie', user.cookie).expect(200);
    const res = await post('/about', user.cookie, {
      [POST_FIELDS.owner]: owner!,
      first_name: 'Ayesha',
      last_name: 'Khan',
      [POST_FIELDS.go]: '/education',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/login');
    const kept = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith(`${KEPT_ANSWERS_COOKIE}=`))!;
    expect(kept).toMatch(/HttpOnly/);
    const keptCookie = kept.split(';')[0]!;

    // Logged in again (a new session for the same account): the first page takes the answers in.
    const again = await createLoggedInUser(ctx);
    await ctx.db.knex('sessions').where({ user_id: again.id }).update({ user_id: user.id });
    const sessionCookie = `${SESSION_COOKIE}=${again.cookie.split('=')[1]}`;
    const page = await request(ctx.app).get('/about').set('Cookie', `${sessionCookie}; ${keptCookie}`);
    expect(page.text).toMatch(/id="first_name"[^>]*value="Ayesha"/);
    expect((await profile({ ...user, cookie: sessionCookie })).answer).toMatchObject({ first_name: 'Ayesha', last_name: 'Khan' });
    expect(
      await ctx.db
        .knex('kept_answers')
        .count<{ count: number }[]>('* as count')
        .then((r) => Number(r[0]!.count)),
    ).toBe(0);
  });

  it('refuses what PUT /api/answer refuses (an answer longer than 7000 characters) with a 400, saving nothing', async () => {
    const user = await createLoggedInUser(ctx);
    const res = await post('/education', user.cookie, { hs_gpa: '3.5', college_pay: 'x'.repeat(7001), [POST_FIELDS.go]: '/final-steps' });
    expect(res.status).toBe(400);
    expect((await profile(user)).answer.hs_gpa).toBeUndefined();
  });

  it("sends a visitor with answers to sign up, and shows a visitor's kept answers on the pages meanwhile", async () => {
    const res = await post('/about', null, { first_name: 'Lee', [POST_FIELDS.action]: 'update:' });
    expect(res.headers.location).toBe('/about');
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    expect((await request(ctx.app).get('/about').set('Cookie', cookie)).text).toMatch(/id="first_name"[^>]*value="Lee"/);
    expect((await post('/about', cookie, { first_name: 'Lee', [POST_FIELDS.go]: '/education' })).headers.location).toBe('/signup');
  });
});

describe('the buttons of a posted page (contracts/form-post.ts)', () => {
  it("reads the school search's actions, a record id holding colons included", () => {
    expect(parsePostAction('lookup:hs_name')).toEqual({ kind: 'lookup', key: 'hs_name' });
    expect(parsePostAction('choose:hs_2_name:ceeb:450402')).toEqual({ kind: 'choose', key: 'hs_2_name', id: 'ceeb:450402' });
    expect(parsePostAction('choose:hs_name')).toBeNull();
  });
});

describe('typed answers (form/typed-answers.ts)', () => {
  it('normalises masks and dates, and sets unticked boxes to false', () => {
    const typed = typedAnswers('about', { phone_mobile: '8015550123', birth_date: '2008/4/3', first_name: ' Ann ' }, {});
    expect(typed).toMatchObject({ phone_mobile: '(801) 555-0123', birth_date: '2008-04-03', first_name: ' Ann ', optin_sms_ind: false });
    expect(typed).not.toHaveProperty('middle_name');
  });
});
