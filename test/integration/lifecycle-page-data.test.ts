import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import {
  applicationFormData,
  pageChangeMarker,
  submittedGreeting,
  type LifecyclePageContext,
} from '../../server/application/page-data.server.js';
import { PAGE_CHANGED_COOKIE } from '../../contracts/page-change.js';
import { repeaterMaximums, tabGroups } from '../../server/application/ui-state.server.js';
import { recordLogin } from '../../db/repos/users.server.js';
import { keepCarriedAnswers } from '../../db/repos/carried-answers.server.js';
import { signPrintToken } from '../../platform/tokens/print-token.server.js';

let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const as = (user: TestUser) => ({
  get: (path: string, extraCookie = '') =>
    request(ctx.app)
      .get(path)
      .set('Cookie', user.cookie + extraCookie),
  put: (path: string) => request(ctx.app).put(path).set('Cookie', user.cookie),
  post: (path: string) => request(ctx.app).post(path).set('Cookie', user.cookie),
});

/** The page context the server hands to vike for a request of `user` (see server/render.server.ts). */
function pageContextOf(
  user: TestUser | null,
  extra: Partial<LifecyclePageContext['locals']> = {},
  cookie = user?.cookie ?? '',
): LifecyclePageContext {
  return {
    services: ctx.services,
    locals: { user: user ? { id: user.id, username: user.username } : null, ...extra },
    headersOriginal: { cookie },
  };
}

const changed = (user: TestUser) => `; ${PAGE_CHANGED_COOKIE}=${pageChangeMarker(ctx.services, { cookie: user.cookie })}`;

describe("applicationFormData (the application in the form pages' data, server/pages/form-page.server.ts)", () => {
  it('a visitor: no answers, the visitor banner, default UI state', async () => {
    const data = await applicationFormData(pageContextOf(null));
    expect(data).toMatchObject({
      is_logged_in: false,
      is_service_user: false,
      username: null,
      web_status: null,
      answers: {},
      version: null,
      banner: { variant: 'visitor' },
      page_change_marker: null,
    });
    expect(Object.keys(data.add_another).sort()).toEqual([...repeaterMaximums().keys()].sort());
  });

  it('a student after a first login: profile, version and ETag, defaults, the first-login banner and a session marker', async () => {
    const ada = await createLoggedInUser(ctx);
    const data = await applicationFormData(pageContextOf(ada));
    expect(data).toMatchObject({
      is_logged_in: true,
      username: ada.username,
      is_service_user: false,
      num_logins: 1,
      web_status: null,
      last_page: null,
      has_changed_page: false,
      answers: {},
      version: 0,
      etag: '"v0"',
      document_answer: {},
      validations: [],
      banner: { variant: 'first-login', name: '' },
    });
    for (const [id] of repeaterMaximums()) expect(data.add_another[id]).toBe(1);
    for (const [id, group] of tabGroups()) expect(data.tabs[id]).toBe(group.tabs.defaultTab);
    expect(data.page_change_marker).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The ETag is the one the API uses for If-Match.
    expect((await as(ada).get('/api/profile')).headers.etag).toBe(data.etag);
  });

  it('takes in answers carried through login, once', async () => {
    const bea = await createLoggedInUser(ctx);
    await keepCarriedAnswers(ctx.db.knex, bea.id, { first_name: 'Bea' }, ctx.services.now());
    const data = await applicationFormData(pageContextOf(bea));
    expect(data.answers.first_name).toBe('Bea');
    expect(data.version).toBe(1);
  });

  it('a later login greets by preferred name; a page change in this session hides the banner', async () => {
    const cy = await createLoggedInUser(ctx);
    await recordLogin(ctx.db.knex, cy.id, ctx.services.now());
    await as(cy).put('/api/answer').send({ first_name: 'Maria', preferred_name: 'Mari' }).expect(200);
    const data = await applicationFormData(pageContextOf(cy));
    expect(data).toMatchObject({ num_logins: 2, banner: { variant: 'returning', name: 'Mari' } });
    const moved = await applicationFormData(pageContextOf(cy, {}, cy.cookie + changed(cy)));
    expect(moved.has_changed_page).toBe(true);
    expect(moved.banner).toBeNull();
  });

  it('while validating: the stored validation result, and no banner', async () => {
    const di = await createLoggedInUser(ctx);
    await as(di).post('/api/web-status').send({ web_status: 'started' }).expect(200);
    expect((await applicationFormData(pageContextOf(di))).web_status).toBe('started');
    await as(di).post('/api/web-status').send({ web_status: 'validating' }).expect(200);
    const entries = [{ key: 'first_name', page: 'about', messages: ['First Name is required'] }];
    await as(di).post('/api/validations').send(entries).expect(200);
    const data = await applicationFormData(pageContextOf(di));
    expect(data).toMatchObject({ web_status: 'validating', validations: entries, banner: null });
  });

  it('while validating, once every problem is fixed: the stored result is cleared, and the next page shows no summary', async () => {
    const flo = await createLoggedInUser(ctx);
    await as(flo).post('/api/web-status').send({ web_status: 'started' }).expect(200);
    await as(flo).post('/api/web-status').send({ web_status: 'validating' }).expect(200);
    await as(flo)
      .post('/api/validations')
      .send([{ key: 'first_name', page: 'about', messages: ['First Name is required'] }])
      .expect(200);
    const before = await as(flo).get('/education');
    expect([before.status, before.text]).toEqual([200, expect.stringMatching(/We(&#x27;|')re missing some information!/)]);
    await request(ctx.app).delete('/api/validations').set('Cookie', flo.cookie).expect(200);
    expect((await applicationFormData(pageContextOf(flo))).validations).toEqual([]);
    const next = await as(flo).get('/education');
    expect(next.status).toBe(200);
    expect(next.text).not.toMatch(/missing some information/);
    expect(next.text).not.toContain('error-summary');
    await request(ctx.app).delete('/api/validations').expect(401);
  });

  it('after submission: web status submitted and the congratulations banner', async () => {
    const ed = await createLoggedInUser(ctx);
    await as(ed).put('/api/answer').send(COMPLETE_ANSWERS).expect(200);
    await as(ed).post('/api/submit').expect(200);
    const data = await applicationFormData(pageContextOf(ed, {}, ed.cookie + changed(ed)));
    expect(data).toMatchObject({ web_status: 'submitted', banner: { variant: 'submitted', name: 'Mari' } });
    expect(await submittedGreeting(pageContextOf(ed))).toEqual({
      username: ed.username,
      banner: { variant: 'submitted', name: 'Mari' },
      receipt: null,
      submitted_at: expect.any(String),
    });
  });

  it('staff: the linked application read-only, never the greeting; each student only ever gets their own data', async () => {
    const fay = await createLoggedInUser(ctx);
    const gus = await createLoggedInUser(ctx);
    await as(fay).put('/api/answer').send({ first_name: 'Fay' }).expect(200);
    await as(gus).put('/api/answer').send({ first_name: 'Gus' }).expect(200);
    expect((await applicationFormData(pageContextOf(fay))).answers.first_name).toBe('Fay');
    expect((await applicationFormData(pageContextOf(gus))).answers.first_name).toBe('Gus');
    const staff = await applicationFormData(pageContextOf(null, { serviceUser: { userId: fay.id, username: fay.username } }));
    expect(staff).toMatchObject({
      is_service_user: true,
      is_logged_in: false,
      applicant: fay.username,
      username: null,
      banner: null,
      page_change_marker: null,
    });
    expect(staff.answers.first_name).toBe('Fay');
  });
});

describe('the form shell and /completion as rendered', () => {
  it('a visitor: the visitor banner and the account popover; no inactivity timer, no marker', async () => {
    const res = await request(ctx.app).get('/about');
    expect(res.text).toContain('First time here?');
    expect(res.text).toContain('data-island="AccountPopover"');
    expect(res.text).not.toContain('data-island="Inactivity"');
    expect(res.text).not.toContain('data-page-change-marker');
  });

  it('a returning student: the greeting, the popover with the e-mail, the inactivity timer and the marker', async () => {
    const hal = await createLoggedInUser(ctx);
    await recordLogin(ctx.db.knex, hal.id, ctx.services.now());
    await as(hal).put('/api/answer').send({ first_name: 'Hal' }).expect(200);
    const res = await as(hal).get('/education');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Welcome back, Hal!');
    expect(res.text).toContain(`&quot;username&quot;:&quot;${hal.username}&quot;`);
    expect(res.text).toContain('data-island="Inactivity"');
    expect(res.text).toContain(`data-page-change-marker="${pageChangeMarker(ctx.services, { cookie: hal.cookie })}"`);
    const moved = await as(hal).get('/education', changed(hal));
    expect(moved.text).not.toContain('class="alert greeting');
  });

  it('staff: no account popover, no inactivity timer, no greeting', async () => {
    const ivy = await createLoggedInUser(ctx);
    const token = signPrintToken(TEST_SESSION_SECRET, ivy.id, ctx.services.now());
    const res = await request(ctx.app).get(`/print?service_token=${token}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('data-island="AccountPopover"');
    expect(res.text).not.toContain('data-island="Inactivity"');
    expect(res.text).not.toContain('class="alert greeting');
    // One h1 (the applicant's name); the three form pages' titles are h2 under it, their sections h3 and below.
    expect(res.text.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(res.text.match(/<h2 class="form-page-title">/g)).toHaveLength(3);
    expect(res.text).not.toMatch(/<h2 id="[^"]*" class="form-heading/);
  });

  it('/completion: the success text, the congratulations, the PDF button, logout and the inactivity timer; no shell', async () => {
    const jo = await createLoggedInUser(ctx);
    await as(jo).put('/api/answer').send(COMPLETE_ANSWERS).expect(200);
    await as(jo).post('/api/submit').expect(200);
    const res = await as(jo).get('/completion');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Your application was successfully submitted.');
    expect(res.text).toContain('Congratulations, Mari!');
    for (const island of ['PdfDownload', 'LogoutButton', 'Inactivity', 'Toaster']) expect(res.text).toContain(`data-island="${island}"`);
    expect(res.text).not.toContain('class="site-header"');
    expect(res.text).not.toContain('class="steps"');
    expect(res.text).not.toMatch(/\sstyle="/);
  });
});

describe('the test-only crash hook (islands/ui/test-crash.tsx)', () => {
  it('is switched on for pages of a NODE_ENV=test server only, never in production', async () => {
    expect((await request(ctx.app).get('/about')).text).toContain('<html lang="en" data-test-hooks="on">');
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const page = await request(production.app).get('/about');
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html lang="en" data-test-hooks="off">');
    } finally {
      await production.close();
    }
  });
});
