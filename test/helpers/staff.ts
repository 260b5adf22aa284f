import request from 'supertest';
import type { TestContext } from './app.js';
import { signStaffLink } from '../../server/staff/staff-link-token.server.js';
import { STAFF_COOKIE } from '../../server/staff/staff-session.server.js';

/** Signs a member of staff in through a one-time link (the no-identity-provider path); returns "name=value". */
export async function staffCookie(ctx: TestContext, email: string): Promise<string> {
  const token = signStaffLink(ctx.config.sessionSecret, email, ctx.services.now());
  const res = await request(ctx.app).post('/staff/link').type('form').send({ token });
  if (res.status !== 303) throw new Error(`staff sign-in failed: ${res.status} ${res.text.slice(0, 200)}`);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${STAFF_COOKIE}=`));
  if (!cookie) throw new Error('no staff cookie');
  return cookie.split(';')[0]!;
}

/** A submitted application made through the API, as the applicant would. */
export async function submitAs(ctx: TestContext, cookie: string, answers: Record<string, string | boolean>): Promise<void> {
  await request(ctx.app).put('/api/answer').set('Cookie', cookie).send(answers).expect(200);
  const res = await request(ctx.app).post('/api/submit').set('Cookie', cookie);
  if (res.status !== 200) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
}
