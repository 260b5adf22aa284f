import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { Knex } from 'knex';
import type { TestContext } from '../helpers/app.js';
import type { TestUser } from '../helpers/users.js';
import { staffCookie } from '../helpers/staff.js';
import { parse } from 'csv-parse/sync';
import { answerColumns } from '../../form/answer-columns.js';
import { eachStaffApplication, staffPageQuery, type StaffListRow } from '../../db/repos/staff-applications.server.js';
import { STAFF, startStaffDesk } from './staff-desk-setup.js';

const SEEDED = 100_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];
let ctx: TestContext;
let staff: string;
let applicants: Record<string, TestUser> = {};

const page = (path: string, cookie = staff) => request(ctx.app).get(path).set('Cookie', cookie);
/** Applicant e-mails on a list page, in order. */
const emailsOrSeeds = (html: string) => [...html.matchAll(/<td[^>]*>([^<]+@(?:seed\.)?example\.edu)<\/td>/g)].map((m) => m[1]!);
const emailsOn = (html: string) => [...html.matchAll(/<td[^>]*>([^<]+@example\.edu)<\/td>/g)].map((m) => m[1]);

/** Everything pino writes while staff work: applicant data must never reach it. */
let logs = '';

beforeAll(async () => {
  ({ ctx, applicants } = await startStaffDesk((text) => {
    logs += text;
  }));
  staff = await staffCookie(ctx, STAFF);
});
afterAll(() => ctx.close());

describe('/staff list', () => {
  it('shows submitted applications first, newest first, then the others, with counts by status', async () => {
    const res = await page('/staff');
    expect(res.status).toBe(200);
    expect(emailsOn(res.text)).toEqual(['cy@example.edu', 'ben@example.edu', 'ana@example.edu', 'eve@example.edu', 'dee@example.edu']);
    expect(res.text).toMatch(/Submitted: <strong>3<\/strong>/);
    expect(res.text).toMatch(/Started: <strong>1<\/strong>/);
    expect(res.text).toMatch(/Not started: <strong>1<\/strong>/);
  });

  it('searches by name, e-mail and high-school CEEB', async () => {
    expect(emailsOn((await page('/staff?q=young')).text)).toEqual(['ben@example.edu']);
    expect(emailsOn((await page('/staff?q=Cy%20Xu')).text)).toEqual(['cy@example.edu']);
    expect(emailsOn((await page('/staff?q=DEE@example.edu')).text)).toEqual(['dee@example.edu']);
    expect(emailsOn((await page('/staff?q=450010')).text)).toEqual(['cy@example.edu', 'ana@example.edu']);
    expect(emailsOn((await page('/staff?q=100%25')).text)).toEqual([]);
    // h18's submission reference: shown in the list and searchable.
    const { reference } = await ctx.db.knex('applications').where({ user_id: applicants.Ben!.id }).first('reference');
    expect(reference).toMatch(/^FA-[A-Z0-9]{6}$/);
    const byReference = await page(`/staff?q=${reference.toLowerCase()}`);
    expect(emailsOn(byReference.text)).toEqual(['ben@example.edu']);
    expect(byReference.text).toContain(`<td>${reference}</td>`);
  });

  it('filters by web status and entry term', async () => {
    expect(emailsOn((await page('/staff?status=started')).text)).toEqual(['dee@example.edu']);
    expect(emailsOn((await page('/staff?status=submitted&term=FA2026&q=young')).text)).toEqual(['ben@example.edu']);
    expect(emailsOn((await page('/staff?term=FA2026')).text)).toEqual(['cy@example.edu', 'ben@example.edu', 'ana@example.edu']);
    expect(emailsOn((await page('/staff?status=none')).text)).toEqual(['eve@example.edu']);
  });

  it('keyset pages are served by the staff-order indexes, with no sort, at 100,000 applications', async () => {
    const knex = ctx.db.knex;
    await knex.raw(`
      with u as (
        insert into users (username, password_hash, created_at)
        select 'seed-' || g || '@seed.example.edu', 'x', now() - (g || ' minutes')::interval from generate_series(1, ${SEEDED}) g
        returning id, username, created_at)
      insert into applications (user_id, answers, created_at, updated_at, submitted_at)
      select id, case when username like '%0@seed.example.edu' then '{"entry_term": "FA2026"}'::jsonb else '{}'::jsonb end,
             created_at, created_at, case when random() < 0.5 then created_at end from u`);
    await knex.raw('analyze applications');
    await knex.raw('analyze users');
    const planOf = async (query: Knex.QueryBuilder) => {
      const sql = query.toSQL();
      const result = (await knex.raw(`explain (analyze, format json) ${sql.sql}`, sql.bindings as never)) as {
        rows: Array<{ 'QUERY PLAN': unknown }>;
      };
      const raw = result.rows[0]!['QUERY PLAN'];
      return (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    };
    for (const group of [0, 1] as const) {
      // A page deep in the list: the cursor sits 40,000 rows into the group.
      const [deep] = (await knex('applications')
        .whereRaw(group === 0 ? 'submitted_at is not null' : 'submitted_at is null')
        .orderByRaw('coalesce(submitted_at, created_at) desc, user_id desc')
        .offset(40_000)
        .limit(1)
        .select(knex.raw('coalesce(submitted_at, created_at) as at'), 'user_id')) as Array<{ at: Date; user_id: string }>;
      const cursor = { g: group, at: new Date(deep!.at).toISOString(), id: deep!.user_id };
      const [plan] = await planOf(staffPageQuery(knex, { q: '', status: null, term: null }, group, cursor, 51));
      const nodes = flatten(plan!.Plan);
      expect(nodes.some((n) => n['Node Type'] === 'Sort')).toBe(false);
      const scan = nodes.find((n) => n['Relation Name'] === 'applications')!;
      expect(scan['Index Name']).toBe(group === 0 ? 'applications_staff_submitted' : 'applications_staff_unsubmitted');
      // The seeded count that proves it: the page reads its 51 rows, not the 40,000 before them.
      expect(scan['Actual Rows']).toBeLessThanOrEqual(51);
    }
    // Searches read their own indexes, not the table.
    for (const [q, index] of [
      ['450010', 'applications_hs_ceeb'],
      ['zamora', 'applications_last_name'],
    ] as const) {
      const [plan] = await planOf(staffPageQuery(knex, { q, status: null, term: null }, 0, null, 51));
      expect(JSON.stringify(plan)).toContain(index);
    }
    // Paging through a filter across both groups (keyset pages of 997) returns each of its applications
    // exactly once, in order: every tenth seeded application plans to enroll in FA2026, like the first three.
    const seen = new Set<string>();
    let previous: StaffListRow | null = null;
    for await (const row of eachStaffApplication(knex, { q: '', status: null, term: 'FA2026' }, 997)) {
      expect(seen.has(row.user_id)).toBe(false);
      seen.add(row.user_id);
      if (previous && Boolean(previous.submitted_at) === Boolean(row.submitted_at)) {
        expect(new Date(previous.submitted_at ?? previous.created_at).getTime()).toBeGreaterThanOrEqual(
          new Date(row.submitted_at ?? row.created_at).getTime(),
        );
      } else if (previous) {
        expect(previous.submitted_at).not.toBeNull();
      }
      previous = row;
    }
    expect(seen.size).toBe(SEEDED / 10 + 3);
    // The page's "Next page" link carries the cursor and the filter.
    const first = await page('/staff?status=none&term=FA2026');
    const link = /<a href="(\/staff\?[^"]*after=[^"]+)">Next page<\/a>/.exec(first.text)![1]!.replace(/&amp;/g, '&');
    expect(link).toContain('status=none&term=FA2026');
    const second = await page(link);
    const a = emailsOrSeeds(first.text);
    const b = emailsOrSeeds(second.text);
    expect(a).toHaveLength(50);
    expect(b).toHaveLength(50);
    expect(a.filter((e) => b.includes(e))).toEqual([]);
  });
});

describe('opening an application', () => {
  it('the view link opens the application in the staff session and records the view (no bearer link)', async () => {
    const res = await page(`/staff/applications/${applicants.Ben!.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Ben Young</h1>');
    // One h1: the three form pages' titles are h2, as in the PDF.
    expect(res.text.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(res.text.match(/<h2 class="form-page-title">/g)).toHaveLength(3);
    const old = await page(`/staff/applications/${applicants.Ben!.id}/view`);
    expect(old.status).toBe(303);
    expect(old.headers.location).toBe(`/staff/applications/${applicants.Ben!.id}`);
    expect((await page('/staff/applications/not-an-id')).status).toBe(404);
  });

  it("the application page shows that application's own history: its views, by whom, and no other application's", async () => {
    const views = async (id: string) => {
      const res = await page(`/staff/applications/${id}`);
      const history = res.text.slice(res.text.indexOf('id="history"'));
      const rows = [...history.matchAll(/<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g)].map((m) => [m[1], m[2]]);
      expect(rows.every(([who]) => who === STAFF)).toBe(true);
      return rows.filter(([, what]) => what === 'view').length;
    };
    const before = await views(applicants.Ben!.id);
    expect(before).toBeGreaterThanOrEqual(1); // this very view is recorded before the page is read
    for (let i = 0; i < 3; i += 1) await views(applicants.Ana!.id);
    expect(await views(applicants.Ben!.id)).toBe(before + 1);
  });

  it('the PDF link downloads a ready PDF and records the download', async () => {
    const knex = ctx.db.knex;
    const ana = applicants.Ana!;
    const { version } = await knex('applications').where({ user_id: ana.id }).first('version');
    const key = `users/${ana.id}/application/application-1.pdf`;
    await ctx.services.storage!.put(key, Buffer.from('%PDF-1.4 test'), 'application/pdf');
    await knex('application_pdfs')
      .insert({
        user_id: ana.id,
        status: 'COMPLETED',
        generation: 1,
        answers_version: version,
        output_key: key,
        requested_at: new Date(),
        completed_at: new Date(),
      })
      .onConflict('user_id')
      .merge();
    const res = await page(`/staff/applications/${ana.id}/pdf`);
    expect(res.status).toBe(303);
    const download = await request(ctx.app).get(
      new URL(res.headers.location!, 'http://x').pathname + new URL(res.headers.location!, 'http://x').search,
    );
    expect(download.status).toBe(200);
    expect(download.body.toString()).toContain('%PDF-1.4 test');
  });

  it('the audit trail shows who viewed and downloaded which application, when and from where', async () => {
    const res = await page('/staff/audit');
    expect(res.status).toBe(200);
    const rows = [
      ...res.text.matchAll(/<tr><td>([^<]+)<\/td><td>([^<]+)<\/td><td>([^<]+)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g),
    ].map((m) => m.slice(1));
    const download = rows.find((r) => r[2] === 'download-pdf');
    const view = rows.find((r) => r[2] === 'view');
    // Times on the desk are in the university's zone (TIME_ZONE, America/Denver by default), named.
    expect(download).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} M[SD]T$/),
      STAFF,
      'download-pdf',
      'ana@example.edu',
      expect.stringMatching(/127\.0\.0\.1|::1/),
    ]);
    expect(view).toEqual([expect.any(String), STAFF, 'view', 'ben@example.edu', expect.any(String)]);
  });

  it('exports the current filter as CSV: a byte-order mark, ISO times, raw codes beside display text, the checklist and decision, recorded in the trail', async () => {
    const res = await request(ctx.app).post('/staff/export.csv?term=FA2026&q=450010').set('Cookie', staff).type('form').send({});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.text, { columns: true, bom: true }) as Array<Record<string, string>>;
    const header = Object.keys(rows[0]!);
    expect(header.slice(0, 11)).toEqual([
      'application_id',
      'reference',
      'email',
      'web_status',
      'submitted_at',
      'created_at',
      'transcript_status',
      'transcript_received_via',
      'transcript_received_at',
      'decision',
      'decision_released_at',
    ]);
    for (const q of answerColumns()) expect(header).toContain(q.key);
    expect(rows.map((r) => r.email)).toEqual(['cy@example.edu', 'ana@example.edu']);
    expect(rows[0]).toMatchObject({
      first_name: 'Cy',
      entry_term: 'FA2026',
      entry_term_text: 'Fall 2026',
      legal_agree: 'true',
      legal_agree_text: 'Yes',
      birth_date: '2008-04-03',
      birth_date_text: expect.stringContaining('2008'),
      web_status: 'submitted',
      transcript_status: 'needed',
      hs_name_text: expect.stringContaining('(Ceeb: 450010)'),
    });
    expect(rows[0]!.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(rows[0]!.birth_date_text).not.toBe('2008-04-03');
    const trail = await page('/staff/audit');
    expect(trail.text).toContain('export-csv');
  });

  it('writes no applicant data to the logs while staff search, open and export', () => {
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of ['Zamora', 'zamora', 'Young', 'young', 'cy@example.edu', 'ana@example.edu', '450010', 'dee@example.edu']) {
      expect(logs).not.toContain(secret);
    }
  });
});
