import { it } from '@jest/globals';
import request from 'supertest';
import { writeFileSync } from 'node:fs';
import { createTestApp } from './test/helpers/app.js';
import { createLoggedInUser } from './test/helpers/users.js';
import { staffCookie, submitAs } from './test/helpers/staff.js';
import { COMPLETE_ANSWERS } from './test/fixtures/complete-answers.js';
it('probe', async () => {
  const ctx = await createTestApp({ env: { STAFF_EMAILS: 's@x.edu' } });
  const u = await createLoggedInUser(ctx, 'maria@example.edu');
  await submitAs(ctx, u.cookie, COMPLETE_ANSWERS);
  const staff = await staffCookie(ctx, 's@x.edu');
  const res = await request(ctx.app).get(`/staff/applications/${u.id}`).set('Cookie', staff);
  writeFileSync('/tmp/h23b-view.html', res.text);
  await ctx.close();
}, 60000);
