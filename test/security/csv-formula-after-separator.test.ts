import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { staffCookie } from '../helpers/staff.js';

/**
 * Issue 23 finding 6: the CSV export's formula guard looked only at a cell's first character, so
 * `Maria;=1+1;` went out unquoted: a spreadsheet that splits on `;` (most European locales) runs `=1+1`.
 * OWASP's CSV-injection advice: a cell that a spreadsheet could read as a formula — at its start or at the
 * start of any separator-delimited part — is prefixed with a single quote and wrapped in double quotes.
 */
const STAFF = 'csv@admissions.example.edu';
const HOSTILE = ['Maria;=1+1;', 'Smith,+SUM(A1:A9)', 'x|@cmd', 'Ann; -2+3', '=HYPERLINK("http://evil")', 'a\t=1'];
let ctx: TestContext;
let raw: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { STAFF_EMAILS: STAFF } });
  for (const [i, value] of HOSTILE.entries()) {
    const user = await createLoggedInUser(ctx, `csv${i}@example.edu`);
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send({ first_name: value, last_name: 'Plain' }).expect(200);
  }
  const staff = await staffCookie(ctx, STAFF);
  const res = await request(ctx.app).post('/staff/export.csv').set('Cookie', staff).type('form').send({});
  expect(res.status).toBe(200);
  raw = res.text;
});
afterAll(() => ctx.close());

describe('the staff CSV export and formula characters', () => {
  it.each(HOSTILE)('keeps %j readable: one quoted cell, prefixed with a single quote', (value) => {
    expect(raw).toContain(`"'${value.replace(/"/g, '""')}"`);
    const rows = parse(raw, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.first_name)).toContain(`'${value}`);
  });

  it('leaves harmless text as it is', () => {
    const rows = parse(raw, { columns: true }) as Array<Record<string, string>>;
    expect(rows.every((r) => r.last_name === 'Plain')).toBe(true);
  });
});
