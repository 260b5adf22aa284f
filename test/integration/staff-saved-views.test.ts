import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { staffCookie } from '../helpers/staff.js';

const STAFF = 'reader@admissions.example.edu';
const OTHER = 'second@admissions.example.edu';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ env: { STAFF_EMAILS: `${STAFF}, ${OTHER}` } });
});

afterAll(async () => {
  await ctx?.close();
});

describe('saved views of the staff list', () => {
  it('saves the filters under a name, lists them for their owner only, and deletes them', async () => {
    const staff = await staffCookie(ctx, STAFF);
    const saved = await request(ctx.app)
      .post('/staff/views?state=UT&stage=committee')
      .set('Cookie', staff)
      .type('form')
      .send({ name: ' Utah  committee ' });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe('/staff?stage=committee&state=UT&done=view-saved');
    const list = await request(ctx.app).get(saved.headers.location!).set('Cookie', staff);
    expect(list.text).toContain('<a href="/staff?stage=committee&amp;state=UT">Utah committee</a>');
    expect(list.text).toContain('The view was saved.');
    const other = await staffCookie(ctx, OTHER);
    expect((await request(ctx.app).get('/staff').set('Cookie', other)).text).not.toContain('Utah committee');
    const id = String((await ctx.db.knex('staff_saved_views').first('id')).id);
    expect((await request(ctx.app).post(`/staff/views/${id}/delete`).set('Cookie', other).type('form').send({})).status).toBe(404);
    const deleted = await request(ctx.app).post(`/staff/views/${id}/delete`).set('Cookie', staff).type('form').send({});
    expect(deleted.status).toBe(303);
    expect(deleted.headers.location).toBe('/staff?done=view-deleted');
    expect((await request(ctx.app).get('/staff').set('Cookie', staff)).text).not.toContain('Utah committee');
  });

  it('refuses a view without a name with a 400 that says why', async () => {
    const staff = await staffCookie(ctx, STAFF);
    const res = await request(ctx.app).post('/staff/views').set('Cookie', staff).type('form').send({ name: '   ' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('Give the view a name of 1 to 80 characters.');
  });
});
