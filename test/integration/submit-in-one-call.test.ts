import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { SUBMIT_INVALID } from '../../server/application/routes.server.js';

/*
 * Submit is one call (issue 36): POST /api/submit alone does what the island's four calls did (POST
 * /api/web-status started, then validating, POST /api/validations, POST /api/submit). A complete application
 * submitted so records every status: test/integration/application-api.test.ts ('submits exactly once').
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-11-22T12:00:00Z'));
});
afterAll(() => ctx.close());

const as = (user: TestUser) => ({
  get: (path: string) => request(ctx.app).get(path).set('Cookie', user.cookie),
  put: (path: string) => request(ctx.app).put(path).set('Cookie', user.cookie),
  post: (path: string) => request(ctx.app).post(path).set('Cookie', user.cookie),
});

async function statuses(user: TestUser): Promise<string[]> {
  const profile = await as(user).get('/api/profile');
  return profile.body.web_status.map((s: { web_status: string }) => s.web_status).sort();
}

async function storedValidations(user: TestUser): Promise<unknown> {
  const row = await ctx.db.knex('applications').where({ user_id: user.id }).first('validations');
  return typeof row.validations === 'string' ? JSON.parse(row.validations) : row.validations;
}

describe('POST /api/submit with no status or validation call before it', () => {
  it('answers an incomplete application with its problems, stores them and leaves the applicant validating', async () => {
    const ben = await createLoggedInUser(ctx);
    expect((await as(ben).put('/api/answer').send({ first_name: 'Ben' })).status).toBe(200);
    const res = await as(ben).post('/api/submit');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(SUBMIT_INVALID);
    expect(res.body.validations).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'last_name', page: 'about' })]));
    expect(res.body.validations).not.toContainEqual(expect.objectContaining({ key: 'first_name' }));
    // As after the old sequence: started and validating recorded, the problems the stored validation result.
    expect(await statuses(ben)).toEqual(['started', 'validating']);
    expect(await storedValidations(ben)).toEqual(res.body.validations);
    // The pages now open validating, with the summary of those problems (pages/(form)/+data.ts).
    const page = await as(ben).get('/about');
    expect(page.status).toBe(200);
    expect(page.text).toContain('error-summary');
    // Nothing was submitted.
    const row = await ctx.db.knex('applications').where({ user_id: ben.id }).first('submitted_at');
    expect(row.submitted_at).toBeNull();
  });

  it('once started, adds validating only; a second incomplete submit replaces the stored problems', async () => {
    const cy = await createLoggedInUser(ctx);
    expect((await as(cy).post('/api/web-status').send({ web_status: 'started' })).status).toBe(200);
    const first = await as(cy).post('/api/submit');
    expect(first.status).toBe(422);
    expect(await statuses(cy)).toEqual(['started', 'validating']);
    expect((await as(cy).put('/api/answer').send({ last_name: 'Young' })).status).toBe(200);
    const second = await as(cy).post('/api/submit');
    expect(second.status).toBe(422);
    expect(second.body.validations).not.toContainEqual(expect.objectContaining({ key: 'last_name' }));
    expect(await storedValidations(cy)).toEqual(second.body.validations);
    expect(await statuses(cy)).toEqual(['started', 'validating']);
  });
});
