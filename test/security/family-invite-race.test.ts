import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { submitAs } from '../helpers/staff.js';
import { captureMailer } from '../helpers/smtp.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { bothDatabases } from './databases.js';
import { MAX_FAMILY_MEMBERS } from '../../contracts/family.js';

/** With the two invitations before them, within the day's allowance of invitations (INVITATIONS_PER_DAY). */
const WRITERS = 8;
const ROUNDS = 5;

/**
 * Issue 39: at most three people have family access, however many invitations arrive at once. Each invitation
 * locks the applicant's application row before it counts, so on PostgreSQL (real parallel transactions) as on
 * PGlite the count it sees is the count that stays: exactly the free places are taken, the rest answer 409.
 */
describe.each(bothDatabases())('%s: simultaneous invitations', (_kind, open) => {
  it(`${WRITERS} invitations at once with one place left, ${ROUNDS} rounds: one is kept, the others are refused`, async () => {
    const ctx = await createTestApp({ db: await open(), queue: 'send-only' });
    ctx.services.mail = captureMailer();
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const user = await createLoggedInUser(ctx, `family.race.${round}@example.edu`);
        await submitAs(ctx, user.cookie, COMPLETE_ANSWERS);
        const invite = (i: number) =>
          request(ctx.app)
            .post('/family/invite')
            .set('Cookie', user.cookie)
            .type('form')
            .send({ family_name: `Person ${i}`, family_email: `r${round}.person${i}@example.net` });
        for (let i = 0; i < MAX_FAMILY_MEMBERS - 1; i++) expect((await invite(i)).status).toBe(303);
        const answers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => invite(100 + i)));
        const statuses = answers.map((res) => res.status).sort();
        expect(statuses).toEqual([303, ...Array.from({ length: WRITERS - 1 }, () => 409)]);
        expect(await ctx.db.knex('family_members').where({ user_id: user.id })).toHaveLength(MAX_FAMILY_MEMBERS);
        const invited = await ctx.db.knex('staff_audit').where({ user_id: user.id, action: 'family-invited' });
        expect(invited).toHaveLength(MAX_FAMILY_MEMBERS);
      }
    } finally {
      await ctx.close();
    }
  }, 120_000);
});
