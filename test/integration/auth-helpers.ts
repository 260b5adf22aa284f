import request from 'supertest';
import { expect } from '@jest/globals';
import type { TestContext } from '../helpers/app.js';
import { captureMailer, codeFrom, resetLinkFrom, type MailBox } from '../helpers/smtp.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';

export const GOOD_PASSWORD = 'Blue-Canyon-Lantern-42';
export const OTHER_PASSWORD = 'Quiet#River9Stones';

/** Replaces the app's mailer with a recording one (routes read services.mail per call). */
export function recordMail(ctx: TestContext): MailBox {
  const mailer = captureMailer();
  ctx.services.mail = mailer;
  return mailer;
}

export async function latestCode(mail: MailBox, to: string, after = 0): Promise<string> {
  const found = await mail.waitFor((m) => m.to.includes(to) && /confirmation code/.test(m.subject) && mail.messages.indexOf(m) >= after);
  return codeFrom(found);
}

export async function latestResetLink(mail: MailBox, to: string, after = 0): Promise<URL> {
  const found = await mail.waitFor((m) => m.to.includes(to) && /Reset your/.test(m.subject) && mail.messages.indexOf(m) >= after);
  return resetLinkFrom(found);
}

/** Signs up and confirms; returns nothing but leaves a confirmed account. */
export async function createAccount(ctx: TestContext, mail: MailBox, username: string, password = GOOD_PASSWORD): Promise<void> {
  const before = mail.messages.length;
  const signup = await request(ctx.app).post('/public/signup').send({ username, password });
  expect(signup.status).toBe(200);
  const code = await latestCode(mail, username, before);
  const confirm = await request(ctx.app).post('/public/confirm').send({ username, code });
  expect(confirm.status).toBe(200);
}

/** Logs in; returns the session cookie pair "name=value". */
export async function logIn(ctx: TestContext, username: string, password = GOOD_PASSWORD): Promise<string> {
  const res = await request(ctx.app).post('/public/login').send({ username, password });
  expect(res.status).toBe(200);
  return sessionCookieFrom(res.headers['set-cookie'] as unknown as string[]);
}

export function sessionCookieFrom(setCookie: string[] | undefined): string {
  const line = (setCookie ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`);
  return line.split(';')[0]!;
}
