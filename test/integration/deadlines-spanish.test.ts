import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { captureMail } from '../helpers/mail-capture.js';
import { createLoggedInUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { runDeadlineReminders } from '../../workers/jobs/deadline-reminders.server.js';

/*
 * Issues 40 and 41 (docs/i18n.md): the deadline banner and the reminder e-mails in the reader's language. Regular
 * Decision closes at the end of 15 January 2027 in America/Denver (2027-01-16T07:00:00Z).
 */
const REGULAR_ENDS = new Date('2027-01-16T07:00:00Z');

let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp({ env: { DEADLINES: 'early-action=11-01,regular=01-15', ADMISSION_CYCLE: '2026-27' } });
});
afterAll(() => ctx?.close());

describe('the deadlines in Spanish', () => {
  it('a Spanish page shows the banner in Spanish, with a Spanish date; after the deadline, that it has passed', async () => {
    ctx.clock.set(new Date(REGULAR_ENDS.getTime() - 3 * 86_400_000));
    const user = await createLoggedInUser(ctx);
    const about = await request(ctx.app).get('/about').set('Cookie', `${user.cookie}; lang=es`).expect(200);
    expect(about.text).toMatch(/Fecha límite de Decisión Regular: viernes 15 de enero de 2027, 11:59 p\.\s?m\. MST/);
    expect(about.text).not.toContain('Regular Decision deadline');
    const english = await request(ctx.app).get('/about').set('Cookie', `${user.cookie}; lang=en`).expect(200);
    expect(english.text).toContain('Regular Decision deadline: Friday 15 January 2027, 11:59 pm MST');

    ctx.clock.set(new Date(REGULAR_ENDS.getTime() + 86_400_000));
    const late = await createLoggedInUser(ctx);
    const review = await request(ctx.app).get('/review').set('Cookie', `${late.cookie}; lang=es`).expect(200);
    expect(review.text).toMatch(/La fecha límite para las solicitudes, 15 de enero, 11:59 p\.\s?m\. MST, ya pasó\./);
  });

  it('a submit after the deadline is refused in the reader’s language, as the banner says it', async () => {
    ctx.clock.set(new Date(REGULAR_ENDS.getTime() + 86_400_000));
    const ana = await createLoggedInUser(ctx);
    const spanish = await request(ctx.app).post('/api/submit').set('Cookie', `${ana.cookie}; lang=es`);
    expect(spanish.status).toBe(409);
    expect(spanish.body).toMatchObject({ deadline_passed: true });
    expect(spanish.body.message).toMatch(/^La fecha límite para las solicitudes, 15 de enero, 11:59 p\.\s?m\. MST, ya pasó\./);
    const english = await request(ctx.app).post('/api/submit').set('Cookie', `${ana.cookie}; lang=en`);
    expect(english.status).toBe(409);
    expect(english.body.message).toMatch(/^The deadline for applications, 15 January at 11:59 pm MST, has passed\./);
  });

  it('a Spanish-speaking applicant’s reminder is in Spanish; an English-speaking one’s stays English', async () => {
    const { sent, restore } = captureMail(ctx.services);
    try {
      ctx.clock.set(new Date(REGULAR_ENDS.getTime() - 36 * 3_600_000));
      const lucia = await createLoggedInUser(ctx);
      await ctx.db.knex('users').where({ id: lucia.id }).update({ language: 'es' });
      const sam = await createLoggedInUser(ctx);
      await ctx.db.knex('users').where({ id: sam.id }).update({ language: 'en' });
      await runDeadlineReminders(ctx.services);
      const spanish = sent.find((m) => m.to === lucia.username)!;
      expect(spanish.subject).toBe('Fecha límite de Decisión Regular: quedan menos de dos días para enviar tu solicitud');
      expect(spanish.html).toContain('<html lang="es">');
      expect(spanish.text).toMatch(
        /La fecha límite de Decisión Regular es el viernes 15 de enero de 2027, 11:59 p\.\s?m\. MST; quedan menos/,
      );
      expect(spanish.text).toContain('Inicia sesión para terminar y enviar tu solicitud:');
      expect(spanish.text).not.toContain('Sign in');
      const english = sent.find((m) => m.to === sam.username)!;
      expect(english.subject).toBe('Regular Decision deadline: less than two days left to submit your application');
    } finally {
      restore();
    }
  });
});
