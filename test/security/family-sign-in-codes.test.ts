import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestContext } from '../helpers/app.js';
import { captureMailer } from '../helpers/smtp.js';
import { afterSubmissionHelpers, startAfterSubmission } from '../integration/after-submission-setup.js';
import { familyHelpers } from '../integration/family-helpers.js';
import { FAMILY_CODE_MINUTES, FAMILY_MESSAGES } from '../../contracts/family.js';
import { FAMILY_CODE_SUBJECT } from '../../domain/mail/family-mail.server.js';
import { FAMILY_IP_LIMITS } from '../../server/family/family-sign-in.server.js';
import { MAIL_LIMIT } from '../../server/auth/limits.server.js';
import { MAX_CODE_ATTEMPTS } from '../../server/auth/accounts.server.js';

/**
 * Family sign-in codes (issue 39): e-mailed, six digits, stored only as an HMAC under SESSION_SECRET, single use,
 * 15 minutes, guesses limited per address (reserved before the comparison), requests limited per address and per
 * network, and no answer that tells an invited address from another.
 */
let ctx: TestContext;
const mail = captureMailer();
let ip = 0;
const nextIp = () => `203.0.113.${++ip}`;

beforeAll(async () => {
  ({ ctx } = await startAfterSubmission(mail));
}, 60_000);
afterAll(() => ctx?.close());

const { submitted } = afterSubmissionHelpers(() => ctx);
const { invite, askForCode, enterCode, codeFor, status } = familyHelpers(() => ctx, mail);

async function invited(email: string) {
  const { user } = await submitted();
  await invite(user, 'Family Member', email).expect(303);
  return user;
}

/** A page's body without the address it echoes, the CSP nonce and the asset hashes: what could tell two addresses apart. */
const comparable = (html: string, email: string) =>
  html
    .split(email)
    .join('<address>')
    .replace(/nonce="[^"]+"/g, '');

describe('asking for a code', () => {
  it('answers the same for an invited address and any other; only the invited one is e-mailed, and only an HMAC is stored', async () => {
    await invited('known.parent@example.org');
    const known = await askForCode('known.parent@example.org', nextIp());
    const unknown = await askForCode('nobody.here@example.org', nextIp());
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(comparable(known.text, 'known.parent@example.org')).toBe(comparable(unknown.text, 'nobody.here@example.org'));
    expect(known.text).toContain(FAMILY_MESSAGES.codeSent);
    const code = await codeFor('known.parent@example.org');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mail.messages.filter((m) => m.to.includes('nobody.here@example.org'))).toEqual([]);
    const rows = await ctx.db.knex('family_codes').select('email', 'code_hmac');
    expect(rows.map((r) => r.email)).toEqual(['known.parent@example.org']);
    expect(JSON.stringify(rows)).not.toContain(code);
    // Entering a code for an address nobody invited gets the same refusal as a wrong code.
    const none = await enterCode('nobody.here@example.org', '123456', nextIp());
    const wrong = await enterCode('known.parent@example.org', code === '000000' ? '000001' : '000000', nextIp());
    expect([none.status, wrong.status]).toEqual([400, 400]);
    expect(comparable(none.text, 'nobody.here@example.org')).toBe(comparable(wrong.text, 'known.parent@example.org'));
  });

  it(`e-mails one address at most ${MAIL_LIMIT.max} times in ${MAIL_LIMIT.windowMs / 60_000} minutes, from any network, invited or not`, async () => {
    for (const email of ['limited.parent@example.org', 'limited.stranger@example.org']) {
      if (email.startsWith('limited.parent')) await invited(email);
      ctx.clock.advance(MAIL_LIMIT.windowMs);
      for (let i = 0; i < MAIL_LIMIT.max; i++) expect((await askForCode(email, nextIp())).status).toBe(200);
      const refused = await askForCode(email, nextIp());
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.text).toContain('Too many e-mails were requested for this address.');
    }
  });

  it(`refuses a network after ${FAMILY_IP_LIMITS.code.max} requests in 15 minutes`, async () => {
    const address = nextIp();
    for (let i = 0; i < FAMILY_IP_LIMITS.code.max; i++) await askForCode(`someone.${i}@example.org`, address);
    const refused = await askForCode('one.more@example.org', address);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('entering a code', () => {
  it('refuses a forged, an expired and a used code, and one e-mailed to another address', async () => {
    await invited('codes.parent@example.org');
    await invited('codes.other@example.org');
    ctx.clock.advance(MAIL_LIMIT.windowMs);
    let before = mail.messages.length;
    await askForCode('codes.parent@example.org', nextIp()).expect(200);
    const code = await codeFor('codes.parent@example.org', before);
    // Forged: not digits, too long, other digits (each a guess: with the next one, 4 of the 5 the address has).
    for (const forged of ['abcdef', '1234567', code === '999999' ? '999998' : '999999'])
      expect((await enterCode('codes.parent@example.org', forged, nextIp())).status).toBe(400);
    // Another address's code does not open this one.
    before = mail.messages.length;
    await askForCode('codes.other@example.org', nextIp()).expect(200);
    const otherCode = await codeFor('codes.other@example.org', before);
    if (otherCode !== code) expect((await enterCode('codes.parent@example.org', otherCode, nextIp())).status).toBe(400);
    // The right one works once.
    const ok = await enterCode('codes.parent@example.org', code, nextIp());
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe('/family/status');
    const reused = await enterCode('codes.parent@example.org', code, nextIp());
    expect(reused.status).toBe(400);
    expect(reused.text).toContain(FAMILY_MESSAGES.badCode);
    // Expired: a fresh code, entered after its minutes.
    ctx.clock.advance(MAIL_LIMIT.windowMs);
    before = mail.messages.length;
    await askForCode('codes.other@example.org', nextIp()).expect(200);
    const late = await codeFor('codes.other@example.org', before);
    ctx.clock.advance(FAMILY_CODE_MINUTES * 60_000 + 1000);
    const expired = await enterCode('codes.other@example.org', late, nextIp());
    expect(expired.status).toBe(400);
    expect(expired.text).toContain(FAMILY_MESSAGES.badCode);
    expect(await ctx.db.knex('family_codes').where({ email: 'codes.other@example.org' })).toHaveLength(0);
  });

  it(`after ${MAX_CODE_ATTEMPTS} wrong guesses (even sent at once) the right code is refused too, and a new code does not refill the budget`, async () => {
    await invited('guessed.parent@example.org');
    ctx.clock.advance(MAIL_LIMIT.windowMs);
    const before = mail.messages.length;
    await askForCode('guessed.parent@example.org', nextIp()).expect(200);
    const code = await codeFor('guessed.parent@example.org', before);
    const wrong = code === '111111' ? '222222' : '111111';
    const guesses = await Promise.all(Array.from({ length: 12 }, () => enterCode('guessed.parent@example.org', wrong, nextIp())));
    expect(guesses.every((g) => g.status === 400)).toBe(true);
    expect((await enterCode('guessed.parent@example.org', code, nextIp())).status).toBe(400);
    const again = mail.messages.length;
    await askForCode('guessed.parent@example.org', nextIp()).expect(200);
    const fresh = await codeFor('guessed.parent@example.org', again);
    expect((await enterCode('guessed.parent@example.org', fresh, nextIp())).status).toBe(400);
    expect(mail.messages.filter((m) => m.subject === FAMILY_CODE_SUBJECT && m.to.includes('guessed.parent@example.org'))).toHaveLength(2);
  });

  it(`refuses a network after ${FAMILY_IP_LIMITS.signIn.max} codes entered in 15 minutes`, async () => {
    const address = nextIp();
    for (let i = 0; i < FAMILY_IP_LIMITS.signIn.max; i++) await enterCode(`guess.${i}@example.org`, '123456', address);
    expect((await enterCode('guess.last@example.org', '123456', address)).status).toBe(429);
  });

  it('a family session ends after 15 minutes without a request', async () => {
    await invited('idle.parent@example.org');
    ctx.clock.advance(MAIL_LIMIT.windowMs);
    const before = mail.messages.length;
    await askForCode('idle.parent@example.org', nextIp()).expect(200);
    const res = await enterCode('idle.parent@example.org', await codeFor('idle.parent@example.org', before), nextIp()).expect(303);
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    expect((await status(cookie)).status).toBe(200);
    ctx.clock.advance(15 * 60_000);
    expect((await status(cookie)).headers.location).toBe('/family/sign-in?ended=1');
  });
});
