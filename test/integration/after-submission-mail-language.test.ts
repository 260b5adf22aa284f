import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestContext } from '../helpers/app.js';
import { mailSentDuring } from '../helpers/mail-capture.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { DECISION_SUBJECT, transcriptRejectedMail } from '../../domain/mail/after-submission-mail.server.js';
import { applicantWith, startReplyApp } from './replies-setup.js';

/*
 * The applicant's e-mails after submitting are in the language their account reads (docs/i18n.md), as the receipt
 * and the reminders are: the decision's "an update" e-mail and the rejected transcript's.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startReplyApp();
}, 120_000);
afterAll(() => ctx?.close());

function decisionMailOf(userId: string) {
  return mailSentDuring(ctx.services, async () => {
    expect(await sendAfterSubmissionMail(ctx.services, { kind: 'decision', userId })).toBe('sent');
  });
}

describe('the e-mails after submitting, in the account’s language', () => {
  it('a released decision: Spanish for an applicant who reads Spanish, English otherwise; never the decision', async () => {
    const ana = await applicantWith(ctx, 'admit');
    await ctx.db.knex('users').where({ id: ana.id }).update({ language: 'es' });
    const [spanish] = await decisionMailOf(ana.id);
    expect(spanish!.subject).toBe('Novedades sobre tu solicitud');
    expect(spanish!.text).toContain(
      `Hay novedades sobre tu Solicitud de Primer Ingreso (referencia ${ana.reference}). Inicia sesión para leerlas:`,
    );
    expect(spanish!.text).toContain('Oficina de Admisiones');
    expect(spanish!.html).toContain('<html lang="es">');

    const ben = await applicantWith(ctx, 'deny');
    const [english] = await decisionMailOf(ben.id);
    expect(english!.subject).toBe(DECISION_SUBJECT);
    expect(english!.text).toContain(`There is an update on your Freshman Application (reference ${ben.reference}). Sign in to read it:`);
    for (const mail of [spanish!, english!]) expect(mail.text).not.toMatch(/admit|deny|admitid|denegad/i);
  });

  it('a transcript the office could not accept, in Spanish', () => {
    const mail = transcriptRejectedMail(ctx.config, {
      to: 'ana@example.org',
      applicantName: 'Ana',
      userId: 'u1',
      at: new Date(),
      lang: 'es',
    });
    expect(mail.subject).toBe('Tu expediente académico de la preparatoria: lo necesitamos de tu consejero escolar');
    expect(mail.text).toContain('Hola, Ana:');
    expect(mail.text).toContain('La Oficina de Admisiones no pudo aceptar el expediente académico');
  });
});
