import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { inflateRawSync } from 'node:zlib';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { TEST_SESSION_SECRET } from '../helpers/config.js';
import { readPrefillToken, signPrefillToken } from '../../server/prefill/prefill-token.server.js';
import { signServiceToken, verifyServiceToken } from '../../server/security/service-link-token.server.js';

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

describe('a staff service token', () => {
  it("does not carry the applicant's e-mail", () => {
    const token = signServiceToken(TEST_SESSION_SECRET, 'Valentina.Oyelaran@Example.edu', { now: new Date() });
    expect(readable(token).toLowerCase()).not.toContain('valentina.oyelaran@example.edu');
    expect(readable(token).toLowerCase()).not.toContain('valentina');
  });

  it('still names the applicant to the server that holds the secret, until it expires', () => {
    const now = new Date();
    const token = signServiceToken(TEST_SESSION_SECRET, 'Valentina.Oyelaran@Example.edu', { now, hours: 1 });
    const verified = verifyServiceToken(TEST_SESSION_SECRET, token, now);
    expect(verified.ok && verified.claims.u).toBe('valentina.oyelaran@example.edu');
    expect(verifyServiceToken(TEST_SESSION_SECRET, token, new Date(now.getTime() + 2 * 3600_000))).toEqual({ ok: false, reason: 'expired' });
    expect(verifyServiceToken('another-secret-that-is-long-enough-xyz', token, now).ok).toBe(false);
  });
});
