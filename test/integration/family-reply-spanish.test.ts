import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { captureMailer } from '../helpers/smtp.js';
import { ES_MAIL } from '../../contracts/i18n/es-mail.js';
import { FAMILY_CODE_SUBJECT, FAMILY_INVITATION_SUBJECT } from '../../domain/mail/family-mail.server.js';
import { applicantWith, postReply, startReplyApp } from './replies-setup.js';
import { familyCookieFrom } from './family-helpers.js';

/*
 * Issue 41 for family access and the reply to an offer (docs/i18n.md): a parent whose browser asks for Spanish
 * gets the family sign-in and status pages in Spanish (with a plain link to English), the sign-in code in Spanish
 * with the English below; an applicant reading Spanish gets /completion's reply section in Spanish, dates included.
 */

let ctx: TestContext;
const mail = captureMailer();

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await startReplyApp();
  ctx.services.mail = mail;
}, 120_000);
afterAll(() => ctx?.close());

const SPANISH = 'es-MX,es;q=0.9,en;q=0.5';
const PARENT = 'abuela.lopez@example.net';

describe('a family member whose browser reads Spanish', () => {
  it('gets the sign-in page, the code e-mail and the status page in Spanish', async () => {
    const maria = await applicantWith(ctx, 'admit');
    // The applicant reads Spanish (the switch's cookie): the invitation is in Spanish, the English below.
    const invited = await request(ctx.app)
      .post('/family/invite')
      .set('Cookie', `${maria.cookie}; lang=es`)
      .type('form')
      .send({ family_name: 'Abuela', family_email: PARENT });
    expect(invited.status).toBe(303);
    const invitation = await mail.waitFor((m) => m.to.includes(PARENT) && m.subject === ES_MAIL[FAMILY_INVITATION_SUBJECT]);
    expect(invitation.text.indexOf('Hola, Abuela:')).toBeLessThan(invitation.text.indexOf('Hello Abuela,'));

    const signIn = await request(ctx.app).get('/family/sign-in').set('Accept-Language', SPANISH).expect(200);
    expect(signIn.text).toContain('<html lang="es"');
    expect(signIn.text).toContain('Acceso para familiares: iniciar sesión');
    expect(signIn.text).toContain('Envíame un código');
    expect(signIn.text).toMatch(/<a class="language-switch" href="\?lang=en" hrefLang="en" lang="en">English<\/a>/i);

    const before = mail.messages.length;
    const asked = await request(ctx.app)
      .post('/family/sign-in')
      .set('Accept-Language', SPANISH)
      .type('form')
      .send({ family_email: PARENT })
      .expect(200);
    expect(asked.text).toContain('Escribe tu código para iniciar sesión');
    const codeMail = await mail.waitFor((m) => m.to.includes(PARENT) && mail.messages.indexOf(m) >= before);
    expect(codeMail.subject).toBe(ES_MAIL[FAMILY_CODE_SUBJECT]);
    expect(codeMail.subject).not.toBe(FAMILY_CODE_SUBJECT);
    const code = /Tu código para iniciar sesión es: (\d{6})/.exec(codeMail.text)![1]!;
    expect(codeMail.text).toContain(`Your sign-in code is: ${code}`);

    const entered = await request(ctx.app)
      .post('/family/sign-in/code')
      .set('Accept-Language', SPANISH)
      .type('form')
      .send({ family_email: PARENT, code })
      .expect(303);
    const cookie = familyCookieFrom(entered.headers['set-cookie']);
    const status = await request(ctx.app).get('/family/status').set('Cookie', cookie).set('Accept-Language', SPANISH).expect(200);
    expect(status.text).toContain('<html lang="es"');
    expect(status.text).toContain('Estado de la solicitud de Maria Lopez');
    expect(status.text).toContain('Maria Lopez fue admitido(a).');
    expect(status.text).toMatch(/publicada el \d+ de [a-z]+ de \d{4}\./);
    expect(status.text).toContain('Cerrar sesión');

    // In English by default: the same page for a browser that asks for nothing.
    const english = await request(ctx.app).get('/family/status').set('Cookie', cookie).expect(200);
    expect(english.text).toContain('<html lang="en"');
    expect(english.text).toContain('Maria Lopez is admitted.');
  });
});

describe('the reply to an offer, for an applicant reading Spanish', () => {
  it('asks, records and shows the reply in Spanish, the reply date in Spanish', async () => {
    const lena = await applicantWith(ctx, 'admit');
    const cookie = `${lena.cookie}; lang=es`;
    const page = await request(ctx.app).get('/completion').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('<html lang="es"');
    expect(page.text).toContain('Tu respuesta a nuestra oferta');
    expect(page.text).toContain('¿Te inscribirás?');
    expect(page.text).toContain('Me inscribiré');
    expect(page.text).toMatch(/1 de mayo de 2027, 11:59\s?p\.\s?m\. MDT/);
    expect(page.text).not.toContain('Your reply to our offer');

    expect((await postReply(ctx, { ...lena, cookie }, { answer: 'enroll', version: '0' })).status).toBe(303);
    const after = await request(ctx.app).get('/completion?reply=saved').set('Cookie', cookie).expect(200);
    expect(after.text).toContain('Gracias: registramos tu respuesta.');
    expect(after.text).toContain('Tu respuesta: <strong>Me inscribiré</strong>');
    expect(after.text).toContain('Depósito de inscripción');
    expect(after.text).toContain('Pedir la exención del depósito');
  });
});
