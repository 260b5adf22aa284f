import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { LETTER_MAX_LENGTH } from '../../domain/after-submission/checklist.server.js';

/**
 * Issue 35 finding 14: the staff form's 16 KB body limit refused a letter well under the letter's own limit
 * of 10,000 characters (3,000 'é' are 18 KB once url-encoded): a bare 413 instead of the letter.
 */
const STAFF = 'officer@admissions.example.edu';
let ctx: TestContext;
let applicant: TestUser;
let staff: string;

const decide = (letter: string) =>
  request(ctx.app)
    .post(`/staff/applications/${applicant.id}/decision`)
    .set('Cookie', staff)
    .set('Origin', new URL(ctx.config.publicUrl).origin)
    .type('form')
    .send({ decision: 'admit', letter });
const storedLetter = async () =>
  ((await ctx.db.knex('decisions').where({ user_id: applicant.id }).first('letter')) as { letter: string } | undefined)?.letter;

beforeAll(async () => {
  ctx = await createTestApp({ env: { STAFF_EMAILS: STAFF } });
  applicant = await createLoggedInUser(ctx, 'maria@example.edu');
  await submitAs(ctx, applicant.cookie, COMPLETE_ANSWERS);
  staff = await staffCookie(ctx, STAFF);
}, 60_000);
afterAll(() => ctx?.close());

describe('a decision letter posted from the staff form', () => {
  it.each([
    ["3,000 'é' (2 bytes each)", 'é'.repeat(3000)],
    ['10,000 characters of 3 bytes each (€)', '€'.repeat(LETTER_MAX_LENGTH)],
    ['as many 4-byte characters (😀) as the letter check allows', '😀'.repeat(LETTER_MAX_LENGTH / 2)],
  ])('is accepted up to the letter limit: %s', async (_what, letter) => {
    const res = await decide(letter);
    expect(res.status).toBe(303);
    expect(await storedLetter()).toBe(letter);
  });

  it('one character over the limit gets the letter message, not a bare 413', async () => {
    const res = await decide('€'.repeat(LETTER_MAX_LENGTH + 1));
    expect(res.status).toBe(400);
    expect(res.text).toContain(`The letter is too long: at most ${LETTER_MAX_LENGTH} characters.`);
  });
});
