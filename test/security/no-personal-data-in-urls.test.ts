import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { inflateRawSync } from 'node:zlib';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { readPrefillToken, signPrefillToken } from '../../server/prefill/prefill-token.server.js';
import { signPrintToken, verifyPrintToken } from '../../platform/tokens/print-token.server.js';

/**
 * Issue 23 finding 13: URLs end up in browser histories, proxy logs and Referer headers. A prefill token was
 * readable base64 of the answers it carried, and a staff service token carried the applicant's e-mail. Both are
 * now sealed (AES-256-GCM under a key derived from SESSION_SECRET): opaque to whoever holds the URL, and still
 * minted without the database, as the commands need.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Everything a holder of the token could read from it without the secret: each part decoded every way we know. */
function readable(token: string): string {
  const texts: string[] = [token];
  for (const part of token.split(/[.~]/)) {
    const bytes = Buffer.from(part, 'base64url');
    texts.push(bytes.toString('utf8'), bytes.toString('latin1'));
    try {
      texts.push(inflateRawSync(bytes).toString('utf8'));
    } catch {
      // not deflated
    }
    try {
      const claims = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
      for (const value of Object.values(claims)) {
        if (typeof value !== 'string') continue;
        const inner = Buffer.from(value, 'base64url');
        texts.push(inner.toString('utf8'));
        try {
          texts.push(inflateRawSync(inner).toString('utf8'));
        } catch {
          // not deflated
        }
      }
    } catch {
      // not JSON
    }
  }
  return texts.join('\n');
}

describe('a prefill token (npm run prefill-link, GET /public/tmp)', () => {
  const answers = { first_name: 'Valentina', last_name: 'Oyelaran-Smythe', city: 'Kanab' };

  it('does not carry the answers readably', () => {
    const token = signPrefillToken(TEST_SESSION_SECRET, answers, { now: new Date() });
    const text = readable(token);
    for (const value of Object.values(answers)) expect(text).not.toContain(value);
  });

  it('still gives the answers back to GET /public/tmp, and nothing to a token altered by one character', async () => {
    const token = signPrefillToken(TEST_SESSION_SECRET, answers, { now: ctx.services.now() });
    const res = await request(ctx.app).get('/public/tmp').query({ token });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain('Valentina');
    const altered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    expect(readPrefillToken(TEST_SESSION_SECRET, altered, ctx.services.now()).ok).toBe(false);
    expect(readPrefillToken('another-secret-that-is-long-enough-xyz', token, ctx.services.now()).ok).toBe(false);
  });
});

describe("the PDF renderer's print ticket (the staff service token's successor, ADR 0240)", () => {
  const applicationId = '4f1c2a9e-0b7d-4c55-9a61-2d3e8f7b6c10';

  it("names the application by its id, never by the applicant's e-mail", () => {
    const token = signPrintToken(TEST_SESSION_SECRET, applicationId, new Date());
    // The claims, readable to anyone, hold the id and the token's own times. They are read as the JSON they are:
    // `readable` would also try them as deflated bytes, and a random jti now and then inflates to noise that holds
    // an '@' (a CI run failed so); the signature's bytes are random too, so they are not read for it either.
    const claims = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(claims).sort()).toEqual(['a', 'exp', 'iat', 'jti']);
    expect(JSON.stringify(claims)).not.toContain('@');
    const verified = verifyPrintToken(TEST_SESSION_SECRET, token, new Date());
    expect(verified.ok && verified.claims.a).toBe(applicationId);
  });

  it('opens nothing once expired or under another secret', () => {
    const now = new Date();
    const token = signPrintToken(TEST_SESSION_SECRET, applicationId, now);
    expect(verifyPrintToken(TEST_SESSION_SECRET, token, new Date(now.getTime() + 3 * 60_000))).toEqual({ ok: false, reason: 'expired' });
    expect(verifyPrintToken('another-secret-that-is-long-enough-xyz', token, now).ok).toBe(false);
  });
});
