import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createMailer } from '../../platform/mail/mailer.server.js';
import { createLogger } from '../../platform/logger.server.js';
import { resetLinkMail } from '../../server/auth/mails.server.js';
import { testConfig } from '../helpers/config.js';
import { createTestApp } from '../helpers/app.js';
import { codeFrom, parseMail, resetLinkFrom, startSmtpReceiver } from '../helpers/smtp.js';
import { GOOD_PASSWORD } from './auth-helpers.js';

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(() => smtp.close());

function memoryLogger() {
  let text = '';
  const logger = createLogger('info', new Writable({ write: (c, _e, done) => ((text += c.toString()), done()) }));
  return { logger, text: () => text };
}

describe('Mailer', () => {
  it('sends plain text and HTML over SMTP_URL with the configured sender and contacts', async () => {
    const config = testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'admissions@uni.example.edu', HELP_EMAIL: 'help@uni.example.edu' });
    const token = 'T'.repeat(43);
    await createMailer(config, memoryLogger().logger).send(resetLinkMail(config, 'ada+test@example.org', token));
    const mail = await smtp.waitFor((m) => m.to.includes('ada+test@example.org'));
    expect(mail.from).toContain('admissions@uni.example.edu');
    expect(mail.subject).toBe('Reset your Freshman Application password');
    const link = resetLinkFrom(mail);
    expect(link.toString()).toBe(`${config.publicUrl}/reset?username=ada%2Btest%40example.org&id=${token}`);
    expect(mail.html).toContain(`href="${config.publicUrl}/reset?username=ada%2Btest%40example.org&amp;id=${token}"`);
    expect(mail.text).toContain('help@uni.example.edu');
  });

  it('without SMTP_URL writes each message to $DATA_DIR/outbox/ and logs it without the body or the address', async () => {
    const config = testConfig();
    const log = memoryLogger();
    const token = 'S'.repeat(43);
    await createMailer(config, log.logger).send(resetLinkMail(config, 'outbox@example.org', token));
    const dir = join(config.dataDir, 'outbox');
    const [file] = readdirSync(dir);
    expect(file).toMatch(/\.eml$/);
    expect(statSync(join(dir, file!)).mode & 0o077).toBe(0);
    const mail = parseMail(readFileSync(join(dir, file!), 'utf8'));
    expect(resetLinkFrom(mail).searchParams.get('id')).toBe(token);
    // Issue 23 finding 14: the line names the file and the kind of message, never the address.
    expect(log.text()).not.toContain('outbox@example.org');
    expect(log.text()).toContain('Reset your Freshman Application password');
    expect(log.text()).toContain(file!);
    expect(log.text()).not.toContain(token);
  });

  it('the app sends its e-mails through SMTP when SMTP_URL is set', async () => {
    const ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      await request(ctx.app).post('/public/signup').send({ username: 'smtp-user@example.org', password: GOOD_PASSWORD }).expect(200);
      const code = codeFrom(await smtp.waitFor((m) => m.to.includes('smtp-user@example.org')));
      await request(ctx.app).post('/public/confirm').send({ username: 'smtp-user@example.org', code }).expect(200);
    } finally {
      await ctx.close();
    }
  });

  it('a mail outage does not fail the request (the student can ask again)', async () => {
    const ctx = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const res = await request(ctx.app).post('/public/forgot-password').send({ username: 'nobody@example.org' });
      expect(res.status).toBe(200);
      const signup = await request(ctx.app).post('/public/signup').send({ username: 'down@example.org', password: GOOD_PASSWORD });
      expect(signup.status).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
