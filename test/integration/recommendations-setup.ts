import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import type { TestUser } from '../helpers/users.js';
import type { ReceivedMail } from '../helpers/smtp.js';

/** Helpers of the recommendation tests (recommendations*.test.ts), on the app of after-submission-setup.ts. */

export function teacherTokenIn(message: ReceivedMail | undefined): string {
  const match = /\/recommend\/([A-Za-z0-9_-]{43})/.exec(message?.text ?? '');
  if (!match) throw new Error(`no recommendation link in: ${message?.text}`);
  return match[1]!;
}

/** The applicant answers the waiver (once) and names the teacher of `slot`, as the form would post it. */
export async function invite(
  ctx: TestContext,
  user: TestUser,
  teacher: { slot?: number; name?: string; email: string; subject?: string },
  expectStatus = 303,
): Promise<request.Response> {
  await request(ctx.app).post('/recommendations/waiver').set('Cookie', user.cookie).type('form').send({ waive: 'yes' }).expect(303);
  return request(ctx.app)
    .post('/recommendations/teacher')
    .set('Cookie', user.cookie)
    .type('form')
    .send({
      slot: String(teacher.slot ?? 1),
      name: teacher.name ?? 'Ana Rivera',
      email: teacher.email,
      subject: teacher.subject ?? 'Chemistry',
      back: 'completion',
    })
    .expect(expectStatus);
}
