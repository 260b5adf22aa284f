import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { requestApplicationPdf } from '../../db/repos/application-pdfs.server.js';
import { keepCarriedAnswers } from '../../db/repos/carried-answers.server.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';

/**
 * Database round trips of the hot paths (a load test found them the web process's largest cost after
 * rendering). Upper bounds, not timings: a change that adds a query to every page view or save fails here.
 * BEGIN and COMMIT count: they are round trips too.
 */
let ctx: TestContext;
let sql: string[] = [];

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
  ctx.db.knex.on('query', (q: { sql: string }) => sql.push(q.sql));
});
afterAll(() => ctx?.close());

/** The statements one request sends (the request's own, nothing else runs meanwhile). */
async function queriesOf(send: () => PromiseLike<{ status: number }>, status = 200): Promise<string[]> {
  sql = [];
  const res = await send();
  expect(res.status).toBe(status);
  const sent = sql;
  sql = [];
  return sent;
}

const get = (user: TestUser, path: string) => () => request(ctx.app).get(path).set('Cookie', user.cookie);
const put = (user: TestUser, body: object, ifMatch?: string) => () => {
  const req = request(ctx.app).put('/api/answer').set('Cookie', user.cookie);
  return (ifMatch ? req.set('If-Match', ifMatch) : req).send(body);
};

function report(name: string, statements: string[]): void {
  if (process.env.SHOW_QUERIES) console.log(`${name}: ${statements.length}\n  ${statements.join('\n  ')}`);
}

describe('round trips per request', () => {
  it('a logged-in form page view: one statement, the session with the application, logins, statuses, documents', async () => {
    const ada = await createLoggedInUser(ctx);
    await queriesOf(get(ada, '/about')); // the first view creates the application row
    const view = await queriesOf(get(ada, '/about'));
    report('GET /about', view);
    expect(view).toHaveLength(1);
    expect(view[0]).toMatch(/from sessions s join users u/);
    expect(view[0]).toMatch(/from applications a where a.user_id = s.user_id/);
    expect(view[0]).toMatch(/from user_logins .*from web_statuses .*from document_answers/s);
    // The page rendered what that statement read.
    const saved = await request(ctx.app).put('/api/answer').set('Cookie', ada.cookie).send({ first_name: 'Ada' });
    expect(saved.status).toBe(200);
    const page = await request(ctx.app).get('/about').set('Cookie', ada.cookie);
    expect(page.text).toMatch(/id="first_name"[^>]*value="Ada"|value="Ada"[^>]*id="first_name"/);
  });

  it('a view after a login that carried answers still takes them in (one extra delete and save)', async () => {
    const bea = await createLoggedInUser(ctx);
    await queriesOf(get(bea, '/about'));
    await keepCarriedAnswers(ctx.db.knex, bea.id, { first_name: 'Bea' }, ctx.services.now());
    const view = await queriesOf(get(bea, '/about'));
    report('GET /about with carried answers', view);
    expect(view.some((s) => /carried_answers/.test(s) && /^delete/i.test(s))).toBe(true);
    expect((await request(ctx.app).get('/api/profile').set('Cookie', bea.cookie)).body.answer.first_name).toBe('Bea');
  });

  it('PUT /api/answer: two statements — the session with the application, then one conditional update, no transaction', async () => {
    const cy = await createLoggedInUser(ctx);
    await queriesOf(get(cy, '/about'));
    // An account with no language on record (made before languages were, or by this fixture) records it once, at its
    // first change (docs/i18n.md); sign-up records it at once. Every later save is the two statements.
    const first = await queriesOf(put(cy, { preferred_name: 'C' }, '"v0"'));
    expect(first.filter((q) => /^update "users" set "language"/i.test(q))).toHaveLength(1);
    const save = await queriesOf(put(cy, { first_name: 'Cy' }, '"v1"'));
    report('PUT /api/answer', save);
    expect(save).toHaveLength(2);
    expect(save[0]).toMatch(/from sessions s join users u/);
    expect(save[0]).toMatch(/from applications a where a.user_id = s.user_id/);
    // A save needs neither the logins, nor the statuses, nor the documents a page shows.
    expect(save[0]).not.toMatch(/user_logins|web_statuses|document_answers/);
    expect(save[1]).toMatch(/^update "applications"/i);
    // A save without If-Match takes the same path.
    const blind = await queriesOf(put(cy, { last_name: 'Young' }));
    expect(blind).toHaveLength(2);
    const conflict = await queriesOf(put(cy, { first_name: 'Cyd' }, '"v1"'), 409);
    report('PUT /api/answer (conflict)', conflict);
    expect(conflict).toHaveLength(1);
    expect(conflict[0]).toMatch(/from applications a/);
  });

  it('PUT /api/answer for a student without an application row yet creates it under the lock, as before', async () => {
    const flo = await createLoggedInUser(ctx);
    const saved = await request(ctx.app).put('/api/answer').set('Cookie', flo.cookie).set('If-Match', '"v0"').send({ first_name: 'Flo' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, answer: { first_name: 'Flo' } });
  });

  it('PUT /api/answer takes in carried answers first, in its transaction, and If-Match compares with that version', async () => {
    const eve = await createLoggedInUser(ctx);
    await queriesOf(get(eve, '/about'));
    await keepCarriedAnswers(ctx.db.knex, eve.id, { first_name: 'Eve' }, ctx.services.now());
    const stale = await request(ctx.app).put('/api/answer').set('Cookie', eve.cookie).set('If-Match', '"v0"').send({ last_name: 'Lamarr' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ version: 1, answer: { first_name: 'Eve' } });
    const saved = await request(ctx.app).put('/api/answer').set('Cookie', eve.cookie).set('If-Match', '"v1"').send({ last_name: 'Lamarr' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 2, answer: { first_name: 'Eve', last_name: 'Lamarr' } });
    expect(await ctx.db.knex('carried_answers').where({ user_id: eve.id }).first()).toBeUndefined();
  });

  it('POST /api/submit: the session, then one transaction (lock, the submission with its reference, its statuses, the PDF, the receipt, the checklist)', async () => {
    const gus = await createLoggedInUser(ctx);
    expect((await put(gus, COMPLETE_ANSWERS)()).status).toBe(200);
    const submit = await queriesOf(() => request(ctx.app).post('/api/submit').set('Cookie', gus.cookie));
    report('POST /api/submit', submit);
    expect(submit.length).toBeLessThanOrEqual(10);
    expect(submit.filter((q) => /^BEGIN/i.test(q))).toHaveLength(1);
    // Nothing after the lock reads the application again.
    expect(submit.filter((q) => /^select .* from "applications"/i.test(q))).toHaveLength(1);
    const row = await ctx.db.knex('applications').where({ user_id: gus.id }).first('reference', 'submitted_at');
    expect(row.reference).toMatch(/^FA-/);
    expect(await ctx.db.knex('web_statuses').where({ user_id: gus.id }).pluck('web_status')).toHaveLength(3);
  });

  it('POST /api/submit takes in answers carried through login first, inside the submission', async () => {
    const hal = await createLoggedInUser(ctx);
    expect((await put(hal, { ...COMPLETE_ANSWERS, preferred_name: '' })()).status).toBe(200);
    await keepCarriedAnswers(ctx.db.knex, hal.id, { preferred_name: 'Hal' }, ctx.services.now());
    const submitted = await request(ctx.app).post('/api/submit').set('Cookie', hal.cookie);
    expect(submitted.status).toBe(200);
    const row = await ctx.db.knex('applications').where({ user_id: hal.id }).first('answers', 'submitted_at');
    expect(row.answers.preferred_name).toBe('Hal');
    expect(row.submitted_at).not.toBeNull();
    expect(await ctx.db.knex('carried_answers').where({ user_id: hal.id }).first()).toBeUndefined();
  });

  it('GET /api/pdf while the PDF is being made, and a document conversion status', async () => {
    const di = await createLoggedInUser(ctx);
    await queriesOf(get(di, '/about'));
    await requestApplicationPdf(ctx.db.knex, di.id, 0, ctx.services.now());
    const poll = await queriesOf(get(di, '/api/pdf'));
    report('GET /api/pdf', poll);
    expect(poll.length).toBeLessThanOrEqual(2);
    const status = await queriesOf(get(di, '/api/pdf/document-answer/transcript'));
    report('GET /api/pdf/document-answer/transcript', status);
    expect(status.length).toBeLessThanOrEqual(2);
  });
});
