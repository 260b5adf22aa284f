import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import type { MailMessage } from '../../platform/mail/mailer.server.js';
import { runDeadlineReminders } from '../../workers/jobs/deadline-reminders.server.js';

/**
 * What is decided once stays decided under concurrent writers (on PostgreSQL, where writers really are concurrent;
 * decisions and releases: decision-race.test.ts and the reading tests). Here: two workers running the deadline
 * reminders at the same moment send each reminder once.
 */
const REGULAR_ENDS = new Date('2027-01-16T07:00:00Z');

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ env: { DEADLINES: 'regular=01-15', ADMISSION_CYCLE: '2026-27' } });
});
afterAll(() => ctx?.close());

describe('deadline reminders under two workers at once', () => {
  it('send each applicant one e-mail per reminder, however many runs race', async () => {
    const sent: MailMessage[] = [];
    ctx.services.mail.send = async (m: MailMessage) => {
      sent.push(m);
      return undefined as never;
    };
    ctx.clock.set(new Date(REGULAR_ENDS.getTime() - 6 * 86_400_000));
    const users = [await createLoggedInUser(ctx), await createLoggedInUser(ctx), await createLoggedInUser(ctx)];
    const runs = await Promise.all(Array.from({ length: 6 }, () => runDeadlineReminders(ctx.services)));
    for (const user of users) expect(sent.filter((m) => m.to === user.username)).toHaveLength(1);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(sent.length);
  });
});
