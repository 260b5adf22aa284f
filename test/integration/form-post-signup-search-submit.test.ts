import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { KEPT_ANSWERS_COOKIE } from '../../server/form-post/kept-answers.server.js';
import { POST_FIELDS, REVIEW_SOURCE, SUBMIT_TARGET } from '../../contracts/form-post.js';
import { fieldByKey } from '../../form/fields.js';
import type { Question } from '../../form/types.js';

/**
 * DESIGN §6, without scripts (issue 26): sign-up from the banner, the school search, Submit from the review,
 * each posted as a plain HTML form as a browser without JavaScript sends it.
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

/** The answers' version the review page's Submit form carries (its hidden @version field), unescaped. */
const reviewedVersion = (html: string) =>
  new RegExp(`name="${POST_FIELDS.version}" value="([^"]+)"`).exec(html)?.[1]?.replace(/&quot;/g, '"');

/** The opening tags `<tag …>` of the HTML that carry every one of these attributes (in any order). */
function tagsWith(html: string, tag: string, attributes: Record<string, string>): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>`, 'g'))]
    .map((m) => m[0])
    .filter((t) => Object.entries(attributes).every(([name, value]) => t.includes(` ${name}="${value}"`)));
}

describe('without scripts, issue 26: sign-up from the banner, the school search, Submit from the review', () => {
  it("keeps a visitor's answers when the banner's or header's 'create an account' / 'log in' posts the page", async () => {
    const signup = await post('/about', null, { first_name: 'Noor', [POST_FIELDS.go]: '/signup' });
    expect(signup.status).toBe(303);
    expect(signup.headers.location).toBe('/signup');
    const cookie = (signup.headers['set-cookie'] as unknown as string[])
      .find((c) => c.startsWith(`${KEPT_ANSWERS_COOKIE}=`))!
      .split(';')[0]!;
    expect((await request(ctx.app).get('/about').set('Cookie', cookie)).text).toMatch(/id="first_name"[^>]*value="Noor"/);
    // Log in, even with nothing typed: there, not to sign up.
    expect((await post('/education', cookie, { [POST_FIELDS.go]: '/login' })).headers.location).toBe('/login');
    // The visitor's form page renders them as buttons of the page form (no scripts: the <noscript> actions).
    const page = await request(ctx.app).get('/about');
    for (const value of ['/signup', '/login'])
      expect(
        tagsWith(page.text, 'button', { type: 'submit', form: 'page-form', name: POST_FIELDS.go, value }).length,
      ).toBeGreaterThanOrEqual(2);
  });

  it('lists the schools matching the typed name (a GET), and a chosen one fills the block as the autocomplete does', async () => {
    const user = await createLoggedInUser(ctx);
    const searched = await post('/education', user.cookie, {
      hs_name: 'Alta',
      hs_gpa: '3.8',
      [POST_FIELDS.version]: await etag(user),
      [POST_FIELDS.action]: 'lookup:hs_name',
    });
    expect(searched.status).toBe(303);
    expect(searched.headers.location).toBe('/education?lookup=hs_name&q=Alta#hs_name-label');
    // What was typed was saved on the way.
    expect((await profile(user)).answer).toMatchObject({ hs_name: 'Alta', hs_gpa: '3.8' });
    const before = (await profile(user)).answer;
    const list = await request(ctx.app).get('/education?lookup=hs_name&q=Alta').set('Cookie', user.cookie).expect(200);
    expect((await profile(user)).answer).toEqual(before);
    const choice = /value="(choose:hs_name:[^"]+)"[^>]*>(?:<[^>]*>|Choose )*Alta High School</.exec(list.text);
    expect(choice).not.toBeNull();
    expect(tagsWith(list.text, 'form', { method: 'get', action: '/education', id: 'lookup-form-hs_name' })).toHaveLength(1);
    // Another page's question, or the address search, is not searched.
    expect((await request(ctx.app).get('/education?lookup=address_line_1&q=Main').set('Cookie', user.cookie)).text).not.toContain(
      'school-search__results',
    );

    const chosen = await post('/education', user.cookie, {
      hs_name: 'Alta',
      hs_gpa: '3.8',
      [POST_FIELDS.version]: await etag(user),
      [POST_FIELDS.action]: choice![1]!,
    });
    expect(chosen.headers.location).toBe('/education#hs_name');
    const id = choice![1]!.split(':').slice(2).join(':');
    const record = (await request(ctx.app).get('/lookup/find').query({ category: 'hs_ceeb', id }).expect(200)).body as Record<
      string,
      string
    >;
    const question = fieldByKey('hs_name')!.question as Extract<Question, { kind: 'autocomplete' }>;
    const filled = (await profile(user)).answer;
    for (const [field, key] of Object.entries(question.fills))
      expect({ key, value: filled[key] ?? '' }).toEqual({ key, value: record[field] ?? '' });
    expect(filled.hs_ceeb).toMatch(/^\d{6}$/);
    expect(filled.hs_gpa).toBe('3.8');
  });

  it("submits from the review page through Final steps' Submit without touching that page's answers", async () => {
    const complete = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', complete.cookie).send(COMPLETE_ANSWERS).expect(200);
    const review = await request(ctx.app).get('/review').set('Cookie', complete.cookie).expect(200);
    expect(tagsWith(review.text, 'form', { method: 'post', action: '/final-steps' })).toHaveLength(1);
    expect(review.text).toContain(`name="${POST_FIELDS.from}" value="${REVIEW_SOURCE}"`);
    // The same outcome as Final steps' own Submit: submitted, and legal_agree (not in this post) still ticked.
    const submitted = await post('/final-steps', complete.cookie, { [POST_FIELDS.from]: REVIEW_SOURCE, [POST_FIELDS.go]: SUBMIT_TARGET });
    expect(submitted.headers.location).toBe('/completion');
    expect((await profile(complete)).answer.legal_agree).toBe(true);
    expect((await profile(complete)).submitted_at).not.toBeNull();
    // An incomplete application goes to the summary on the default route, as from Final steps.
    const incomplete = await createLoggedInUser(ctx);
    expect(
      (await post('/final-steps', incomplete.cookie, { [POST_FIELDS.from]: REVIEW_SOURCE, [POST_FIELDS.go]: SUBMIT_TARGET })).headers
        .location,
    ).toBe('/about');
  });

  it('does not submit answers the applicant has not reviewed: a save from another tab since sends the review back, saying so', async () => {
    const user = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(COMPLETE_ANSWERS).expect(200);
    const review = await request(ctx.app).get('/review').set('Cookie', user.cookie).expect(200);
    const shown = reviewedVersion(review.text);
    expect(shown).toBe(await etag(user));
    // Another tab changes an answer after the review was shown.
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send({ preferred_name: 'Mia' }).expect(200);
    const refused = await post('/final-steps', user.cookie, {
      [POST_FIELDS.version]: shown!,
      [POST_FIELDS.from]: REVIEW_SOURCE,
      [POST_FIELDS.go]: SUBMIT_TARGET,
    });
    expect(refused.status).toBe(303);
    expect(refused.headers.location).toBe('/review?changed=1');
    expect((await profile(user)).submitted_at).toBeNull();
    const again = await request(ctx.app).get(refused.headers.location!).set('Cookie', user.cookie).expect(200);
    expect(again.text).toContain(
      'Your answers changed in another tab or window after this page was shown, so your application was not submitted.',
    );
    expect(again.text).toContain('Mia');
    // Submitting what is shown now goes through.
    const submitted = await post('/final-steps', user.cookie, {
      [POST_FIELDS.version]: reviewedVersion(again.text)!,
      [POST_FIELDS.from]: REVIEW_SOURCE,
      [POST_FIELDS.go]: SUBMIT_TARGET,
    });
    expect(submitted.headers.location).toBe('/completion');
    expect((await profile(user)).submitted_at).not.toBeNull();
  });
});
