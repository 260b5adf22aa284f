import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { testConfig } from '../helpers/config.js';
import { startSmtpReceiver, type MailBox } from '../helpers/smtp.js';
import { createLogger } from '../../platform/logger.server.js';
import { createMailer } from '../../platform/mail/mailer.server.js';
import { RECEIPT_SUBJECT_PREFIX } from '../../domain/mail/receipt-mail.server.js';
import { GOOD_PASSWORD } from '../integration/auth-helpers.js';

/**
 * Issue 23 finding 14: every e-mail sent wrote an info-level log line with the applicant's address and the
 * subject (a receipt's subject holds the application's reference). Logs are kept longer and read by more people
 * than the mailbox: mail log lines now say what kind of message went, never to whom or which application.
 */
const ADDRESS = 'Quinn.Loggable@Example.edu';
const REFERENCE = 'FA-7K3M9Q';

function captured(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

function expectNothingPersonal(lines: string[]): void {
  expect(lines.length).toBeGreaterThan(0);
  const text = lines.join('\n').toLowerCase();
  expect(text).not.toContain(ADDRESS.toLowerCase());
  expect(text).not.toContain('quinn');
  expect(text).not.toContain(REFERENCE.toLowerCase());
}

const receiptLike = {
  to: ADDRESS,
  subject: `${RECEIPT_SUBJECT_PREFIX}: your Freshman Application ${REFERENCE}`,
  text: 'x',
  html: '<p>x</p>',
};

describe('the mail log lines', () => {
  let smtp: MailBox & { url: string; close(): Promise<void> };
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(() => smtp.close());

  it('over SMTP name neither the address nor the reference', async () => {
    const log = captured();
    const mailer = createMailer(testConfig({ SMTP_URL: smtp.url }), createLogger('info', log.stream));
    await mailer.send(receiptLike);
    await smtp.waitFor((m) => m.to.some((to) => to.toLowerCase() === ADDRESS.toLowerCase()));
    expectNothingPersonal(log.lines);
  });

  it('to the development outbox name neither the address nor the reference', async () => {
    const log = captured();
    const mailer = createMailer(testConfig(), createLogger('info', log.stream));
    await mailer.send(receiptLike);
    expectNothingPersonal(log.lines);
  });
});

describe('an account flow at log level info', () => {
  let ctx: TestContext;
  const log = captured();
  beforeAll(async () => {
    ctx = await createTestApp({ logger: createLogger('info', log.stream) });
  });
  afterAll(() => ctx.close());

  it('sign-up and forgot-password leave no address in the logs', async () => {
    expect((await request(ctx.app).post('/public/signup').send({ username: ADDRESS, password: GOOD_PASSWORD })).status).toBe(200);
    expect((await request(ctx.app).post('/public/forgot-password').send({ username: ADDRESS })).status).toBe(200);
    const wrote = () => log.lines.filter((line) => /mail/i.test(line)).length >= 2;
    while (!wrote()) await new Promise((resolve) => setTimeout(resolve, 20));
    expectNothingPersonal(log.lines);
  });
});
