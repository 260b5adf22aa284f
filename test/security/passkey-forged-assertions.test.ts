import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PASSKEY_SIGN_IN_TEXTS } from '../../contracts/passkey-sign-in.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { assertWith } from '../helpers/software-authenticator.js';
import { applicantWithPasskey, originOf, postAssertion, signInChallenge, startedSession } from '../integration/passkeys-helpers.js';
import { listPasskeys } from '../../db/repos/passkeys.server.js';
import { CHALLENGE_LIFETIME_MS } from '../../server/auth/passkeys/challenges.server.js';

/**
 * Issue 41: a passkey sign-in the server did not ask for, or that the passkey did not sign for this site, is refused:
 * 400 with one message whatever was wrong (nothing to tell accounts or passkeys apart), no session, and a line in the
 * audit trail with the reason. A challenge answers once, within its lifetime.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type Assertion = ReturnType<typeof assertWith>;

async function refusedAuditReasons(userId: string | null): Promise<string[]> {
  const rows = (await ctx.db.knex('staff_audit').where({ action: 'passkey-sign-in-refused' }).orderBy('id')) as Array<{
    user_id: string | null;
    detail: unknown;
  }>;
  return rows
    .filter((r) => r.user_id === userId)
    .map((r) => ((typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as { reason: string }).reason);
}

async function expectRefused(credential: unknown, userId: string | null, reason: string): Promise<void> {
  const before = await refusedAuditReasons(userId);
  const res = await postAssertion(ctx, credential);
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(PASSKEY_SIGN_IN_TEXTS.refused);
  expect(startedSession(res)).toBe(false);
  expect(await refusedAuditReasons(userId)).toEqual([...before, reason]);
}

/** A byte of a base64url part changed. */
function flipped(part: string, at = 10): string {
  const bytes = Buffer.from(part, 'base64url');
  const i = at % bytes.length;
  bytes[i] = bytes[i]! ^ 0x01;
  return bytes.toString('base64url');
}

const withResponse = (assertion: Assertion, change: Record<string, string>) => ({
  ...assertion,
  response: { ...assertion.response, ...change },
});

describe('a forged or replayed passkey sign-in', () => {
  it('a tampered signature', async () => {
    const { user, passkey } = await applicantWithPasskey(ctx);
    const assertion = assertWith(passkey, await signInChallenge(ctx), originOf(ctx));
    await expectRefused(withResponse(assertion, { signature: flipped(assertion.response.signature) }), user.id, 'signature');
  });

  it('tampered authenticator data (the signature no longer matches it)', async () => {
    const { user, passkey } = await applicantWithPasskey(ctx);
    const assertion = assertWith(passkey, await signInChallenge(ctx), originOf(ctx));
    await expectRefused(
      withResponse(assertion, { authenticatorData: flipped(assertion.response.authenticatorData, 36) }),
      user.id,
      'signature',
    );
  });

  it('signed for another origin (a phishing copy of the site), or for another RP ID', async () => {
    const { user, passkey } = await applicantWithPasskey(ctx);
    await expectRefused(assertWith(passkey, await signInChallenge(ctx), 'https://freshman-application.example'), user.id, 'signature');
    await expectRefused(assertWith(passkey, await signInChallenge(ctx), originOf(ctx), 'example.org'), user.id, 'signature');
  });

  it('a replayed assertion, and a challenge answered twice', async () => {
    const { user, passkey } = await applicantWithPasskey(ctx);
    const challenge = await signInChallenge(ctx);
    const assertion = assertWith(passkey, challenge, originOf(ctx));
    const first = await postAssertion(ctx, assertion);
    expect(first.status).toBe(200);
    await expectRefused(assertion, null, 'challenge');
    await expectRefused(assertWith(passkey, challenge, originOf(ctx)), null, 'challenge');
    expect(user.id).toBeTruthy();
  });

  it('a challenge this server never issued, and one past its lifetime', async () => {
    const { passkey } = await applicantWithPasskey(ctx);
    await expectRefused(assertWith(passkey, Buffer.alloc(32, 7).toString('base64url'), originOf(ctx)), null, 'challenge');
    const challenge = await signInChallenge(ctx);
    ctx.clock.advance(CHALLENGE_LIFETIME_MS + 1000);
    await expectRefused(assertWith(passkey, challenge, originOf(ctx)), null, 'challenge');
  });

  it('a counter that went backwards (a cloned authenticator)', async () => {
    const { user, passkey } = await applicantWithPasskey(ctx);
    expect((await postAssertion(ctx, assertWith(passkey, await signInChallenge(ctx), originOf(ctx)))).status).toBe(200);
    passkey.counter = 0;
    await expectRefused(assertWith(passkey, await signInChallenge(ctx), originOf(ctx)), user.id, 'signature');
  });

  it('a passkey of another account presented under its user handle', async () => {
    const { user, passkey } = await applicantWithPasskey(ctx);
    const { user: other } = await applicantWithPasskey(ctx);
    const assertion = assertWith(
      { ...passkey, userHandle: Buffer.from(other.id).toString('base64url') },
      await signInChallenge(ctx),
      originOf(ctx),
    );
    await expectRefused(assertion, user.id, 'user-handle');
  });

  it('an unknown passkey and a malformed answer get the same answer as a bad signature', async () => {
    const { passkey } = await applicantWithPasskey(ctx);
    const unknown = assertWith(
      { ...passkey, credentialId: Buffer.alloc(16, 1).toString('base64url') },
      await signInChallenge(ctx),
      originOf(ctx),
    );
    await expectRefused({ ...unknown, rawId: unknown.id }, null, 'unknown-credential');
    await expectRefused({ id: 'not base64url!', response: {} }, null, 'malformed');
    await expectRefused(
      withResponse(assertWith(passkey, await signInChallenge(ctx), originOf(ctx)), { clientDataJSON: 'AAAA' }),
      null,
      'malformed',
    );
  });

  it('the same assertion sent twice at once: one session', async () => {
    const { user, passkey } = await applicantWithPasskey(ctx);
    const assertion = assertWith(passkey, await signInChallenge(ctx), originOf(ctx));
    const results = await Promise.all([postAssertion(ctx, assertion), postAssertion(ctx, assertion), postAssertion(ctx, assertion)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(results.filter(startedSession)).toHaveLength(1);
    expect((await listPasskeys(ctx.db.knex, user.id))[0]!.counter).toBe(1);
  });
});
