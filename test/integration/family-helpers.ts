import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import type { TestUser } from '../helpers/users.js';
import type { MailBox, ReceivedMail } from '../helpers/smtp.js';
import { familyCookieName } from '../../contracts/cookies.js';
import { FAMILY_CODE_SUBJECT, FAMILY_INVITATION_SUBJECT } from '../../domain/mail/family-mail.server.js';

/** Shared by the family access tests (issue 39): invite as the applicant, sign in as a family member. */
export function familyHelpers(current: () => TestContext, mail: MailBox) {
  const app = () => current().app;

  const invite = (user: TestUser, name: string, email: string) =>
    request(app()).post('/family/invite').set('Cookie', user.cookie).type('form').send({ family_name: name, family_email: email });

  const askForCode = (email: string, ip = '198.51.100.7') =>
    request(app()).post('/family/sign-in').set('X-Forwarded-For', ip).type('form').send({ family_email: email });

  const enterCode = (email: string, code: string, ip = '198.51.100.7') =>
    request(app()).post('/family/sign-in/code').set('X-Forwarded-For', ip).type('form').send({ family_email: email, code });

  /** The newest code e-mailed to `email` after message number `after`. */
  async function codeFor(email: string, after = 0): Promise<string> {
    const found = await mail.waitFor((m) => m.to.includes(email) && m.subject === FAMILY_CODE_SUBJECT && mail.messages.indexOf(m) >= after);
    return /sign-in code is: (\d{6})/.exec(found.text)![1]!;
  }

  /** Asks for a code, enters it; returns the family session's "name=value". */
  async function signIn(email: string): Promise<string> {
    const before = mail.messages.length;
    await askForCode(email).expect(200);
    const res = await enterCode(email, await codeFor(email, before)).expect(303);
    return familyCookieFrom(res.headers['set-cookie']);
  }

  const status = (cookie: string) => request(app()).get('/family/status').set('Cookie', cookie);

  const invitationTo = (email: string): ReceivedMail | undefined =>
    mail.messages.find((m) => m.to.includes(email) && m.subject === FAMILY_INVITATION_SUBJECT);

  return { invite, askForCode, enterCode, codeFor, signIn, status, invitationTo };
}

export function familyCookieFrom(setCookie: string[] | string | undefined): string {
  const name = familyCookieName('http://127.0.0.1');
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = cookies.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  if (!found) throw new Error(`no family cookie in: ${cookies.join(' | ')}`);
  return found.split(';')[0]!;
}
