import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { PAGE_IDS } from '../../form/definition.js';
import { fieldByKey, pageOfKey } from '../../form/fields.js';
import { displayValue } from '../../form/display.js';

/**
 * Issue 23 finding 3: the staff "View" was a 15-minute bearer URL. /staff/applications/:id/view redirected to
 * /about?service_token=…, and after the officer signed out that URL (and /print?service_token=…,
 * /service/tmp-pdf) still showed the whole application to anyone holding it. Now the desk shows the
 * application on its own page in the staff session, and nothing it hands the browser opens the application
 * without that session.
 */
const STAFF = 'officer@admissions.example.edu';
let ctx: TestContext;
let applicant: TestUser;
let staff: string;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
/** Whether a response shows anything of Maria Lopez's application. */
const showsApplication = (res: request.Response) =>
  /Lopez|281 W Warner|Alta High School/.test(res.text ?? '') || /Lopez/.test(JSON.stringify(res.body ?? {}));

beforeAll(async () => {
  ctx = await createTestApp({ env: { STAFF_EMAILS: STAFF } });
  applicant = await createLoggedInUser(ctx, 'maria@example.edu');
  await submitAs(ctx, applicant.cookie, COMPLETE_ANSWERS);
  // A transcript as the conversion pipeline leaves it: the upload and its converted PDF in the store.
  const now = ctx.services.now();
  const upload = `users/${applicant.id}/uploads/transcript`;
  const converted = `users/${applicant.id}/converted/transcript.pdf`;
  await ctx.services.storage!.put(upload, Buffer.from('%PDF-1.4 original'), 'application/pdf');
  await ctx.services.storage!.put(converted, Buffer.from('%PDF-1.4 converted transcript'), 'application/pdf');
  await ctx.db.knex('document_answers').insert({
    user_id: applicant.id,
    answer_key: 'transcript',
    file_key: upload,
    file_name: 'transcript.pdf',
    file_size: 48211,
    status: 'COMPLETED',
    output_key: converted,
    created_at: now,
    updated_at: now,
  });
  staff = await staffCookie(ctx, STAFF);
});
afterAll(() => ctx.close());

describe('the staff application page', () => {
  it('shows every page of the application in the staff session, headed by the applicant’s name', async () => {
    const res = await request(ctx.app).get(`/staff/applications/${applicant.id}`).set('Cookie', staff);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toMatch(/<h1>Maria Lopez<\/h1>/);
    expect(res.text).not.toMatch(/<h1>[^<]*maria@example\.edu/);
    for (const page of PAGE_IDS) {
      // The first answered question of each page, with its label and its display value.
      const key = Object.keys(COMPLETE_ANSWERS).find((k) => pageOfKey(k) === page && fieldByKey(k));
      expect(key).toBeDefined();
      const question = fieldByKey(key!)!.question;
      const shown = res.text.match(
        new RegExp(
          `data-key="${key}"><span class="readonly-field__label">([^<]*)</span><span class="readonly-field__value">([^<]*)</span>`,
        ),
      );
      expect([shown?.[1], shown?.[2]]).toEqual([escapeHtml(question.label), escapeHtml(displayValue(question, COMPLETE_ANSWERS))]);
    }
    expect(res.text).toContain(`data-page="${PAGE_IDS.at(-1)}"`);
    expect(res.text).not.toMatch(/<input|<textarea|<select|<script/);
  });

  it('lists the documents, each opened through the staff session', async () => {
    const res = await request(ctx.app).get(`/staff/applications/${applicant.id}`).set('Cookie', staff);
    const href = res.text.match(/href="(\/staff\/applications\/[^"]+\/documents\/transcript)"/)?.[1];
    expect(href).toBeDefined();
    const open = await request(ctx.app).get(href!).set('Cookie', staff);
    expect(open.status).toBe(303);
    const file = await request(ctx.app).get(
      new URL(open.headers.location!, 'http://x').pathname + new URL(open.headers.location!, 'http://x').search,
    );
    expect(file.status).toBe(200);
    expect(Buffer.from(file.body).toString()).toContain('converted transcript');
    expect((await request(ctx.app).get(href!)).status).toBe(303);
  });

  it('links back to the list with its filters', async () => {
    const res = await request(ctx.app).get(`/staff/applications/${applicant.id}?q=Lopez&status=submitted`).set('Cookie', staff);
    expect(res.text).toContain('href="/staff?q=Lopez&amp;status=submitted"');
  });

  it('records every view in the audit trail', async () => {
    const before = await ctx.db.knex('staff_audit').where({ action: 'view', user_id: applicant.id }).count({ n: '*' }).first();
    await request(ctx.app).get(`/staff/applications/${applicant.id}`).set('Cookie', staff).expect(200);
    await request(ctx.app).get(`/staff/applications/${applicant.id}`).set('Cookie', staff).expect(200);
    const after = await ctx.db.knex('staff_audit').where({ action: 'view', user_id: applicant.id }).count({ n: '*' }).first();
    expect(Number(after!.n) - Number(before!.n)).toBe(2);
  });
});

describe('after the officer signs out', () => {
  it('no URL the desk handed the browser shows the application any more', async () => {
    const officer = await staffCookie(ctx, STAFF);
    // Everything the browser was given while signed in: the list's links and where they lead.
    const list = await request(ctx.app).get('/staff').set('Cookie', officer);
    const links = [...list.text.matchAll(/href="(\/staff\/applications\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(links.length).toBeGreaterThan(0);
    const handed = new Set<string>(links);
    for (const link of links) {
      const res = await request(ctx.app).get(link).set('Cookie', officer);
      if (res.status >= 300 && res.status < 400) handed.add(res.headers.location!);
    }
    handed.add(`/staff/applications/${applicant.id}/view`);
    const viewed = await request(ctx.app).get(`/staff/applications/${applicant.id}/view`).set('Cookie', officer);
    if (viewed.headers.location) handed.add(viewed.headers.location);
    // The old bearer forms, with whatever token the desk handed out.
    for (const url of [...handed]) {
      const token = new URL(url, 'http://x').searchParams.get('service_token');
      if (token)
        for (const path of ['/about', '/print', '/service/tmp-pdf']) handed.add(`${path}?service_token=${encodeURIComponent(token)}`);
    }

    await request(ctx.app).post('/staff/sign-out').set('Cookie', officer).expect(303);

    for (const url of handed) {
      if (!url.startsWith('/')) continue; // a signed object-store URL of a document: not the application
      for (const cookie of [officer, '']) {
        const res = await request(ctx.app).get(url).set('Cookie', cookie).set('Accept', 'text/html');
        expect({ url, shows: showsApplication(res) }).toEqual({ url, shows: false });
      }
    }
  });

  it('the desk no longer redirects a view to a service_token URL', async () => {
    const res = await request(ctx.app).get(`/staff/applications/${applicant.id}/view`).set('Cookie', staff);
    expect(res.headers.location ?? '').not.toMatch(/service_token/);
  });
});

describe('the PDF renderer’s print ticket', () => {
  it('opens the application once, on the print data only, and is audited', async () => {
    const { signPrintToken } = await import('../../platform/tokens/print-token.server.js');
    const token = signPrintToken(ctx.config.sessionSecret, applicant.id, ctx.services.now());
    // Not on the form pages: a token there opens nothing.
    const page = await request(ctx.app).get('/about').query({ service_token: token }).set('Accept', 'text/html');
    expect(page.status).toBe(410);
    expect(showsApplication(page)).toBe(false);
    const first = await request(ctx.app).get('/service/tmp-pdf').query({ service_token: token });
    expect(first.status).toBe(200);
    expect(first.body.answer.last_name).toBe('Lopez');
    const again = await request(ctx.app).get('/service/tmp-pdf').query({ service_token: token });
    expect(again.status).toBe(403);
    expect(showsApplication(again)).toBe(false);
    expect(await ctx.db.knex('staff_audit').where({ action: 'print-render', user_id: applicant.id }).first('id')).toBeDefined();
  });

  it('expires within two minutes', async () => {
    const { signPrintToken } = await import('../../platform/tokens/print-token.server.js');
    const token = signPrintToken(ctx.config.sessionSecret, applicant.id, ctx.services.now());
    ctx.clock.advance(121_000);
    expect((await request(ctx.app).get('/service/tmp-pdf').query({ service_token: token })).status).toBe(401);
  });
});
