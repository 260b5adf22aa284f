import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { PHONE_MESSAGES } from '../../form/messages.js';
import { tabGroups } from '../../server/application/ui-state.server.js';
import {
  FILE_UPLOAD_IN_PROGRESS,
  CONFLICT_MESSAGE,
  SAVED_MESSAGE,
  SUBMIT_INVALID,
  SUBMIT_SUCCESS,
  SUBMITTED_MESSAGE,
} from '../../server/application/routes.server.js';

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

describe('GET /api/profile (§3)', () => {
  it('returns the profile with the answers version as an ETag', async () => {
    const res = await as(alice).get('/api/profile');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe('"v0"');
    expect(res.body).toMatchObject({
      username: alice.username,
      last_page: null,
      web_status: [],
      answer: {},
      document_answer: {},
      version: 0,
    });
    expect(res.body.successful_login).toHaveLength(1);
  });

  it('needs a session (401)', async () => {
    const res = await request(ctx.app).get('/api/profile');
    expect(res.status).toBe(401);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('PUT /api/answer', () => {
  it('saves answers, derives _desc from the options and bumps the version', async () => {
    const res = await as(alice).put('/api/answer').send({ first_name: 'Maria', state: 'UT', state_desc: 'forged label' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(SAVED_MESSAGE);
    expect(res.body.answer.state_desc).toBe('Utah');
    expect(res.headers.etag).toBe(`"v${res.body.version}"`);
  });

  it('clears answers that a condition hides (§4)', async () => {
    await as(alice).put('/api/answer').send({ state: 'UT', state_legal_residency: 'Y', free_lunch: 'N' });
    const res = await as(alice).put('/api/answer').send({ state: 'CA' });
    expect(res.body.answer.state_legal_residency).toBe('');
    expect(res.body.answer.free_lunch).toBe('');
  });

  it("accepts a converted document's ANSWERED mark without storing it among the answers", async () => {
    const res = await as(alice).put('/api/answer').send({ transcript: 'ANSWERED', first_name: 'Maria' });
    expect(res.status).toBe(200);
    expect(res.body.answer.transcript).toBeUndefined();
  });

  it('rejects unknown keys with 400 naming them', async () => {
    const res = await as(alice).put('/api/answer').send({ first_name: 'A', favourite_colour: 'blue', shoe_size: '9' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Unknown answer keys: favourite_colour, shoe_size');
  });

  it.each([
    ['an array', ['a']],
    ['a number value', { first_name: 3 }],
    ['an object value', { first_name: { x: 1 } }],
    ['an over-long value', { first_name: 'x'.repeat(7001) }],
  ])('rejects %s with 400', async (_name, payload) => {
    const res = await as(alice)
      .put('/api/answer')
      .send(payload as object);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses a stale save with 409 and the current answers: no silent overwrite between tabs', async () => {
    const profile = await as(alice).get('/api/profile');
    const etag = profile.headers.etag as string;
    const first = await as(alice).put('/api/answer').set('If-Match', etag).send({ middle_name: 'Tab One' });
    expect(first.status).toBe(200);
    const stale = await as(alice).put('/api/answer').set('If-Match', etag).send({ middle_name: 'Tab Two' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(CONFLICT_MESSAGE);
    expect(stale.body.answer.middle_name).toBe('Tab One');
    expect(stale.body.version).toBe(first.body.version);
    const after = await as(alice).get('/api/profile');
    expect(after.body.answer.middle_name).toBe('Tab One');
  });

  it('applies a save without If-Match as is', async () => {
    const res = await as(alice).put('/api/answer').send({ middle_name: 'Scripted' });
    expect(res.status).toBe(200);
  });

  it('rejects a malformed If-Match with 400', async () => {
    const res = await as(alice).put('/api/answer').set('If-Match', 'yesterday').send({ middle_name: 'X' });
    expect(res.status).toBe(400);
  });

  it('needs a session (401)', async () => {
    expect((await request(ctx.app).put('/api/answer').send({ first_name: 'x' })).status).toBe(401);
  });
});

describe('user isolation', () => {
  it("never shows or changes one applicant's answers for another", async () => {
    await as(alice).put('/api/answer').send({ last_name: 'Private' });
    const bobsProfile = await as(bob).get('/api/profile');
    expect(bobsProfile.body.answer.last_name).toBeUndefined();
    await as(bob).put('/api/answer').send({ last_name: 'Bob' });
    const alices = await as(alice).get('/api/profile');
    expect(alices.body.answer.last_name).toBe('Private');
  });
});

describe('user isolation of page, status and validations', () => {
  it("keeps one applicant's last page, statuses and validation results away from another", async () => {
    const frank = await createLoggedInUser(ctx);
    const gina = await createLoggedInUser(ctx);
    await as(frank).put('/api/last-page').send({ last_page: '/final-steps' });
    await as(frank).post('/api/web-status').send({ web_status: 'validating' });
    await as(frank)
      .post('/api/validations')
      .send([{ key: 'first_name', page: 'about', messages: ['x'] }]);
    const ginas = await as(gina).get('/api/profile');
    expect(ginas.body.last_page).toBeNull();
    expect(ginas.body.web_status).toEqual([]);
    const stored = await ctx.db.knex('applications').where({ user_id: gina.id }).first();
    expect(stored?.validations ?? null).toBeNull();
    expect((await as(frank).get('/api/profile')).body.last_page).toBe('/final-steps');
  });
});

describe('PUT /api/last-page and POST /api/web-status', () => {
  it('records the last page', async () => {
    const res = await as(alice).put('/api/last-page').send({ last_page: '/education' });
    expect(res.status).toBe(200);
    expect((await as(alice).get('/api/profile')).body.last_page).toBe('/education');
  });

  it('rejects an unknown page with 400', async () => {
    expect((await as(alice).put('/api/last-page').send({ last_page: '/admin' })).status).toBe(400);
  });

  it('records distinct statuses once each', async () => {
    await as(alice).post('/api/web-status').send({ web_status: 'started' });
    const res = await as(alice).post('/api/web-status').send({ web_status: 'started' });
    expect(res.body.web_status).toEqual([{ web_status: 'started' }]);
  });

  it('refuses "submitted" unless the application was submitted', async () => {
    const res = await as(alice).post('/api/web-status').send({ web_status: 'submitted' });
    expect(res.status).toBe(409);
  });

  it('rejects an unknown status with 400 and needs a session', async () => {
    expect((await as(alice).post('/api/web-status').send({ web_status: 'accepted' })).status).toBe(400);
    expect((await request(ctx.app).post('/api/web-status').send({ web_status: 'started' })).status).toBe(401);
  });
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
