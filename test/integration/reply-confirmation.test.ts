import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { mailSentDuring } from '../helpers/mail-capture.js';
import { staffCookie } from '../helpers/staff.js';
import type { TestUser } from '../helpers/users.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import { AFTER_SUBMISSION_MAIL_QUEUE, type AfterSubmissionMailJob } from '../../platform/jobs/queues.js';
import { REPLY_CONFIRMATION_SUBJECT } from '../../domain/mail/reply-mail.server.js';
import { LEAD, REPLY_CLOSES, applicantWith, postReply, startReplyApp } from './replies-setup.js';

/*
 * A recorded reply to an offer is confirmed to the applicant by e-mail (queued in the reply's own transaction): when
 * it was recorded and until when it can be changed, never what it is (a shared inbox learns only that there was one).
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await startReplyApp();
}, 120_000);
afterAll(() => ctx?.close());

/** The reply confirmations queued for `userId`, oldest first. */
async function queued(userId: string): Promise<Array<{ id: string; data: AfterSubmissionMailJob }>> {
  const { rows } = await ctx.db.knex.raw(
    `select id, data from pgboss.job where name = ? and data->>'kind' = 'reply' and data->>'userId' = ? and state = 'created' order by created_on, id`,
    [AFTER_SUBMISSION_MAIL_QUEUE, userId],
  );
  return rows;
}

/** Works the queued confirmations as the worker would; returns the e-mails sent. */
function work(user: TestUser) {
  return mailSentDuring(ctx.services, async () => {
    for (const row of await queued(user.id)) {
      await sendAfterSubmissionMail(ctx.services, row.data);
      await ctx.db.knex.raw(`update pgboss.job set state = 'completed' where id = ?`, [row.id]);
    }
  });
}

describe('the confirmation of a reply to an offer', () => {
  it('one e-mail to the applicant: the reference, the time, until when it can change; not the reply itself', async () => {
    const maria = await applicantWith(ctx, 'admit');
    expect((await postReply(ctx, maria, { answer: 'enroll', version: '0' })).status).toBe(303);
    expect((await queued(maria.id)).map((row) => row.data)).toEqual([{ kind: 'reply', userId: maria.id, version: 1 }]);
    const [mail, ...more] = await work(maria);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: maria.username, subject: REPLY_CONFIRMATION_SUBJECT, kind: 'reply-confirmation' });
    expect(mail!.messageId).toMatch(new RegExp(`^<reply-${maria.id}-1@`));
    expect(mail!.text).toContain(`We received your reply for your Freshman Application (reference ${maria.reference}) on May 1, 2027 at`);
    expect(mail!.text).toContain('You can change it until May 1, 2027 at 11:59 PM MDT.');
    expect(mail!.text).toContain('/login');
    expect(mail!.text).not.toMatch(/enroll|admit|offer of admission/i);
  });

  it('the same answer again records nothing and sends nothing; a stale form neither', async () => {
    const ben = await applicantWith(ctx, 'admit');
    await postReply(ctx, ben, { answer: 'enroll', version: '0' });
    await work(ben);
    expect((await postReply(ctx, ben, { answer: 'enroll', version: '1' })).status).toBe(303);
    expect((await postReply(ctx, ben, { answer: 'decline', version: '0' })).status).toBe(409);
    expect(await queued(ben.id)).toEqual([]);
  });

  it('changed twice before the worker ran: one e-mail, for the reply that stands', async () => {
    const cyd = await applicantWith(ctx, 'waitlist');
    await postReply(ctx, cyd, { answer: 'stay', version: '0' });
    await postReply(ctx, cyd, { answer: 'leave', version: '1' });
    expect((await queued(cyd.id)).map((row) => row.data)).toEqual([
      { kind: 'reply', userId: cyd.id, version: 1 },
      { kind: 'reply', userId: cyd.id, version: 2 },
    ]);
    const sent = await work(cyd);
    expect(sent.map((m) => m.messageId?.replace(/@.*/, ''))).toEqual([`<reply-${cyd.id}-2`]);
  });

  it('in Spanish for an applicant who reads Spanish', async () => {
    const ana = await applicantWith(ctx, 'admit');
    await ctx.db.knex('users').where({ id: ana.id }).update({ language: 'es' });
    await postReply(ctx, ana, { answer: 'decline', version: '0' });
    const [mail] = await work(ana);
    expect(mail!.subject).toBe('Recibimos tu respuesta');
    expect(mail!.text).toContain(`Recibimos tu respuesta para tu Solicitud de Primer Ingreso (referencia ${ana.reference})`);
    expect(mail!.text).toContain('Puedes cambiarla hasta el 1 de mayo de 2027');
    expect(mail!.html).toContain('<html lang="es">');
  });

  it('recorded by the office after the reply date: it says the office recorded it, and not that it can still change', async () => {
    const dan = await applicantWith(ctx, 'admit');
    ctx.clock.set(new Date(REPLY_CLOSES.getTime() + 3_600_000));
    try {
      const lead = await staffCookie(ctx, LEAD);
      const res = await request(ctx.app)
        .post(`/staff/applications/${dan.id}/reply`)
        .set('Cookie', lead)
        .type('form')
        .send({ answer: 'enroll', version: '0' });
      expect(res.status).toBe(303);
      const [mail] = await work(dan);
      expect(mail!.text).toContain(`The Office of Admissions recorded a reply for your Freshman Application (reference ${dan.reference})`);
      expect(mail!.text).not.toContain('You can change it');
      expect(mail!.text).toContain('If this is not the reply you meant to give, contact us at once.');
    } finally {
      ctx.clock.set(new Date('2027-05-01T18:00:00Z'));
    }
  });
});
