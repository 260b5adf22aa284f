import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { PHONE_MESSAGES } from '../../form/messages.js';
import { tabGroups } from '../../server/application/ui-state.server.js';
import { FILE_UPLOAD_IN_PROGRESS, SUBMIT_INVALID, SUBMIT_SUCCESS, SUBMITTED_MESSAGE } from '../../server/application/routes.server.js';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(new Date('2026-11-22T12:00:00Z'));
  alice = await createLoggedInUser(ctx);
  bob = await createLoggedInUser(ctx);
});
afterAll(() => ctx.close());

const as = (user: TestUser) => ({
  get: (path: string) => request(ctx.app).get(path).set('Cookie', user.cookie),
  put: (path: string) => request(ctx.app).put(path).set('Cookie', user.cookie),
  post: (path: string) => request(ctx.app).post(path).set('Cookie', user.cookie),
});

describe('the international variant (§3, §5): phone_international', () => {
  const abroad = {
    ...COMPLETE_ANSWERS,
    address_line_1: '10 Downing Street',
    city: 'London',
    state: '',
    zip: 'SW1A 2AA',
    country: 'GB',
    state_legal_residency: '',
    state_driver_license: '',
    free_lunch: '',
    phone_mobile: '',
  };

  it('is accepted for an address abroad, validated at submission, and enough without a home phone', async () => {
    const erin = await createLoggedInUser(ctx);
    const saved = await as(erin)
      .put('/api/answer')
      .send({ ...abroad, phone_international: 'call me' });
    expect(saved.status).toBe(200);
    expect(saved.body.answer.phone_international).toBe('call me');
    const refused = await as(erin).post('/api/submit');
    expect(refused.status).toBe(422);
    expect(refused.body.validations).toEqual([
      { key: 'phone_international', page: 'about', messages: [PHONE_MESSAGES.validInternational] },
    ]);
    expect((await as(erin).put('/api/answer').send({ phone_international: '+44 20 7946 0958' })).status).toBe(200);
    const submitted = await as(erin).post('/api/submit');
    expect(submitted.status).toBe(200);
  });

  it('is cleared for a U.S. address, where a home or cell phone is still needed', async () => {
    const fay = await createLoggedInUser(ctx);
    const saved = await as(fay)
      .put('/api/answer')
      .send({ ...COMPLETE_ANSWERS, phone_mobile: '', phone_international: '+44 20 7946 0958' });
    expect(saved.status).toBe(200);
    expect(saved.body.answer.phone_international).toBe('');
    const refused = await as(fay).post('/api/submit');
    expect(refused.body.validations).toEqual([{ key: 'phone_home', page: 'about', messages: [PHONE_MESSAGES.oneRequired] }]);
  });
});

describe('POST /api/validations', () => {
  it('stores a validation result and rejects a malformed one', async () => {
    const ok = await as(alice)
      .post('/api/validations')
      .send([{ key: 'first_name', page: 'about', messages: ['x'] }]);
    expect(ok.status).toBe(200);
    const bad = await as(alice).post('/api/validations').send({ key: 'first_name' });
    expect(bad.status).toBe(400);
    expect((await request(ctx.app).post('/api/validations').send([])).status).toBe(401);
  });
});

describe('add-another and tabs', () => {
  it('persists add-another counts per button, up to the maximum', async () => {
    const initial = await as(alice).get('/api/add-another');
    expect(initial.body['high-schools']).toBe(1);
    const put = await as(alice).put('/api/add-another').send({ button_id: 'high-schools', num_components: 3 });
    expect(put.status).toBe(200);
    expect((await as(alice).get('/api/add-another')).body['high-schools']).toBe(3);
    expect((await as(alice).put('/api/add-another').send({ button_id: 'high-schools', num_components: 6 })).status).toBe(400);
    expect((await as(alice).put('/api/add-another').send({ button_id: 'nope', num_components: 2 })).status).toBe(400);
    expect((await as(bob).get('/api/add-another')).body['high-schools']).toBe(1);
    expect((await request(ctx.app).get('/api/add-another')).status).toBe(401);
  });

  it('persists the chosen tab and rejects unknown tabs', async () => {
    const initial = await as(alice).get('/api/tabs');
    const [tabId] = Object.keys(initial.body);
    expect(tabId).toBeDefined();
    const items = tabGroups()
      .get(tabId!)!
      .tabs.items.map((item) => item.id);
    const other = items.find((id) => id !== initial.body[tabId!])!;
    const put = await as(alice).put('/api/tabs').send({ tab_id: tabId, chosen_tab: other });
    expect(put.status).toBe(200);
    expect((await as(alice).get('/api/tabs')).body[tabId!]).toBe(other);
    expect((await as(bob).get('/api/tabs')).body[tabId!]).toBe(initial.body[tabId!]);
    const bad = await as(alice).put('/api/tabs').send({ tab_id: tabId, chosen_tab: 'not-a-tab' });
    expect(bad.status).toBe(400);
    expect((await request(ctx.app).put('/api/tabs').send({ tab_id: tabId, chosen_tab: 'x' })).status).toBe(401);
  });
});

describe('tabs holding a document (§4)', () => {
  it('refuses to switch away while the document converts, and deletes it with the switch once done', async () => {
    const erin = await createLoggedInUser(ctx);
    const group = tabGroups().get('transcript-source')!;
    const uploadTab = [...group.keysByItem].find(([, keys]) => keys.includes('transcript'))![0];
    const otherTab = group.tabs.items.find((item) => item.id !== uploadTab)!.id;
    expect((await as(erin).put('/api/tabs').send({ tab_id: 'transcript-source', chosen_tab: uploadTab })).status).toBe(200);
    const now = new Date();
    await ctx.db.knex('document_answers').insert({
      user_id: erin.id,
      answer_key: 'transcript',
      file_key: `users/${erin.id}/transcript/x`,
      file_name: 'transcript.pdf',
      file_size: 1000,
      status: 'IN_PROGRESS',
      created_at: now,
      updated_at: now,
    });
    const blocked = await as(erin).put('/api/tabs').send({ tab_id: 'transcript-source', chosen_tab: otherTab });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ message: FILE_UPLOAD_IN_PROGRESS, title: 'File Upload in Progress' });
    await ctx.db.knex('document_answers').where({ user_id: erin.id }).update({ status: 'COMPLETED' });
    const switched = await as(erin).put('/api/tabs').send({ tab_id: 'transcript-source', chosen_tab: otherTab });
    expect(switched.status).toBe(200);
    expect(await ctx.db.knex('document_answers').where({ user_id: erin.id })).toEqual([]);
  });
});

describe('POST /api/submit', () => {
  it('refuses an incomplete application with the validation entries', async () => {
    const carol = await createLoggedInUser(ctx);
    const res = await as(carol).post('/api/submit');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(SUBMIT_INVALID);
    expect(res.body.validations).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'first_name', page: 'about' })]));
  });

  it('submits exactly once under concurrent requests, then makes the answers read-only', async () => {
    const dana = await createLoggedInUser(ctx);
    expect((await as(dana).put('/api/answer').send(COMPLETE_ANSWERS)).status).toBe(200);
    const results = await Promise.all([as(dana).post('/api/submit'), as(dana).post('/api/submit'), as(dana).post('/api/submit')]);
    for (const res of results) {
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(SUBMIT_SUCCESS);
    }
    expect(new Set(results.map((r) => r.body.submitted_at)).size).toBe(1);
    const rows = await ctx.db.knex('applications').where({ user_id: dana.id }).whereNotNull('submitted_at');
    expect(rows).toHaveLength(1);
    const profile = await as(dana).get('/api/profile');
    expect(profile.body.web_status.map((s: { web_status: string }) => s.web_status).sort()).toEqual(['started', 'submitted', 'validating']);
    const late = await as(dana).put('/api/answer').send({ first_name: 'Changed' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(SUBMITTED_MESSAGE);
  });

  it('needs a session (401)', async () => {
    expect((await request(ctx.app).post('/api/submit')).status).toBe(401);
  });
});
