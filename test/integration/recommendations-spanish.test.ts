import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { captureMailer } from '../helpers/smtp.js';
import { COUNSELOR_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';
import { RECOMMENDATION_SUBJECT } from '../../domain/mail/recommendation-mail.server.js';
import { COUNSELOR, afterSubmissionHelpers, linkIn, startAfterSubmission } from './after-submission-setup.js';
import { invite, teacherTokenIn } from './recommendations-setup.js';

/** Issue 39 in Spanish (docs/i18n.md): the applicant reads the section in Spanish; the people they name get both languages. */

let ctx: TestContext;
const mail = captureMailer();

beforeAll(async () => {
  ({ ctx } = await startAfterSubmission(mail));
}, 60_000);
afterAll(() => ctx?.close());

const { submitted, workMailJobs, completion } = afterSubmissionHelpers(() => ctx);

/** An applicant whose account reads Spanish (users.language), submitted, with the counselor's request queued. */
async function spanishApplicant() {
  const { user } = await submitted();
  await ctx.db.knex('users').where({ id: user.id }).update({ language: 'es' });
  return user;
}

describe('a Spanish-speaking applicant’s recommendations', () => {
  it('shows the section of /completion in Spanish, the teacher’s state with a Spanish date', async () => {
    const user = await spanishApplicant();
    await invite(ctx, user, { email: 'rivera@alta.example.org' });
    const page = (await completion(user, '?rec=sent&slot=1')).text;
    expect(page).toContain('<html lang="es"');
    expect(page).toContain('Cartas de recomendación de maestros');
    expect(page).toContain('¿Renuncias a tu derecho a leer tus cartas de recomendación?');
    expect(page).toContain('Le enviamos la invitación a tu maestro por correo electrónico.');
    expect(page).toMatch(/Invitado el \d{1,2} de [a-z]+ de \d{4}\./);
    expect(page).not.toContain('Invited on');
    expect(page).not.toContain('Teacher recommendations');
  });

  it('e-mails the counselor and the teacher in Spanish first, with the English below and both subjects', async () => {
    const user = await spanishApplicant();
    await invite(ctx, user, { email: 'rivera@alta.example.org' });
    mail.messages.length = 0;
    await workMailJobs();
    const counselor = mail.messages.find((m) => m.to.includes(COUNSELOR))!;
    const teacher = mail.messages.find((m) => m.to.includes('rivera@alta.example.org'))!;
    expect(counselor.subject).toBe(`Solicitud de expediente académico de la Oficina de Admisiones / ${COUNSELOR_SUBJECT}`);
    expect(teacher.subject).toBe(`Solicitud de carta de recomendación de la Oficina de Admisiones / ${RECOMMENDATION_SUBJECT}`);
    for (const [message, spanish, english] of [
      [counselor, 'Hola, Pat Jones:', 'Dear Pat Jones,'],
      [teacher, 'Hola, Ana Rivera:', 'Dear Ana Rivera,'],
    ] as const) {
      expect(message.text.startsWith('La versión en inglés está más abajo.')).toBe(true);
      expect(message.text.indexOf(spanish)).toBeGreaterThan(0);
      expect(message.text.indexOf(english)).toBeGreaterThan(message.text.indexOf(spanish));
      expect(message.html).toContain('<html lang="es">');
      // One link, in both halves.
      expect(new Set(message.text.match(/https?:\/\/\S+\/(?:counselor|recommend)\/[\w-]{43}/g)).size).toBe(1);
    }
    expect(teacher.text).toContain('El (la) solicitante renunció a su derecho a leer esta carta.');
    expect(teacher.text).toContain('The applicant has waived their right to read this letter.');
  });

  it('keeps an English-speaking applicant’s e-mails English only', async () => {
    const { user } = await submitted();
    await invite(ctx, user, { email: 'rivera@alta.example.org' });
    mail.messages.length = 0;
    await workMailJobs();
    for (const message of mail.messages) {
      expect([COUNSELOR_SUBJECT, RECOMMENDATION_SUBJECT]).toContain(message.subject);
      expect(message.text).not.toContain('Hola');
    }
    expect(mail.messages).toHaveLength(2);
  });

  it('opens the counselor’s and the teacher’s pages in English with a switch to Spanish, which sets only the preference', async () => {
    const user = await spanishApplicant();
    await invite(ctx, user, { email: 'rivera@alta.example.org' });
    mail.messages.length = 0;
    await workMailJobs();
    const counselorPath = `/counselor/${linkIn(mail.messages.find((m) => m.to.includes(COUNSELOR))!)}`;
    const teacherPath = `/recommend/${teacherTokenIn(mail.messages.find((m) => m.to.includes('rivera@alta.example.org')))}`;
    const pages = [
      { path: counselorPath, english: 'Send a high school transcript', spanish: 'Envía un expediente académico de la preparatoria' },
      { path: teacherPath, english: 'Send a letter of recommendation', spanish: 'Envía una carta de recomendación' },
    ];
    for (const { path, english, spanish } of pages) {
      // A Spanish browser still gets English: the page follows only the visitor's own choice.
      const first = await request(ctx.app).get(path).set('Accept-Language', 'es-MX,es').expect(200);
      expect(first.text).toContain('<html lang="en">');
      expect(first.text).toContain(`<h1>${english}</h1>`);
      expect(first.text).toContain(`<a class="language-switch" href="${path}?lang=es" hrefLang="es" lang="es">Español</a>`);
      const chose = await request(ctx.app).get(`${path}?lang=es`).expect(303);
      expect(chose.headers.location).toBe(path);
      expect(String(chose.headers['set-cookie'])).toMatch(/^lang=es;/);
      const es = await request(ctx.app).get(path).set('Cookie', 'lang=es').expect(200);
      expect(es.text).toContain('<html lang="es">');
      expect(es.text).toContain(`<h1>${spanish}</h1>`);
      expect(es.text).toMatch(/Este enlace funciona hasta el \d{1,2} de [a-z]+ de \d{4}\./);
      expect(es.text).toContain('>English</a>');
      expect(es.text).not.toContain(english);
    }
  });
});
