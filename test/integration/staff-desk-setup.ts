import request from 'supertest';
import { Writable } from 'node:stream';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLogger } from '../../platform/logger.server.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';

export const STAFF = 'reader@admissions.example.edu';

/**
 * The staff desk's test app (pino at trace level, each write handed to `onLog`), with five applicants:
 * three submitted (oldest first), one started, one untouched.
 */
export async function startStaffDesk(
  onLog: (text: string) => void = () => {},
): Promise<{ ctx: TestContext; applicants: Record<string, TestUser> }> {
  const applicants: Record<string, TestUser> = {};
  const sink = new Writable({
    write(chunk, _encoding, done) {
      onLog(chunk.toString());
      done();
    },
  });
  // The applications here are of the 2025–26 cycle (Fall 2026): the filter and the CSV know its terms.
  const ctx = await createTestApp({
    env: { STAFF_EMAILS: `${STAFF}, second@admissions.example.edu`, ADMISSION_CYCLE: '2025-26' },
    logger: createLogger('trace', sink),
  });
  // Three submitted (oldest first), one started, one untouched.
  for (const [name, last, ceeb, term] of [
    ['Ana', 'Zamora', '450010', 'FA2026'],
    ['Ben', 'Young', '450020', 'FA2026'],
    ['Cy', 'Xu', '450010', 'FA2026'],
  ] as const) {
    const user = await createLoggedInUser(ctx, `${name.toLowerCase()}@example.edu`);
    applicants[name] = user;
    ctx.clock.advance(60_000);
    await submitAs(ctx, user.cookie, { ...COMPLETE_ANSWERS, first_name: name, last_name: last, hs_ceeb: ceeb, entry_term: term });
  }
  ctx.clock.advance(60_000);
  applicants.Dee = await createLoggedInUser(ctx, 'dee@example.edu');
  await request(ctx.app)
    .put('/api/answer')
    .set('Cookie', applicants.Dee.cookie)
    .send({ first_name: 'Dee', last_name: 'Walker' })
    .expect(200);
  await request(ctx.app).post('/api/web-status').set('Cookie', applicants.Dee.cookie).send({ web_status: 'started' });
  ctx.clock.advance(60_000);
  applicants.Eve = await createLoggedInUser(ctx, 'eve@example.edu');
  await request(ctx.app).get('/api/profile').set('Cookie', applicants.Eve.cookie);
  return { ctx, applicants };
}
