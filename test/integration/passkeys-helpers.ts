import request from 'supertest';
import { PASSKEY_SIGN_IN_OPTIONS_PATH, PASSKEY_SIGN_IN_PATH } from '../../contracts/passkey-sign-in.js';
import { expect } from '@jest/globals';
import type { TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { assertWith, createPasskey, type SoftwarePasskey } from '../helpers/software-authenticator.js';
import { PASSKEY_REGISTER_OPTIONS_PATH, PASSKEY_REGISTER_PATH } from '../../contracts/passkeys.js';
import { SESSION_COOKIE } from '../../contracts/cookies.js';

/** The origin the test app's PUBLIC_URL names (test/helpers/config.ts): where a real browser's answers come from. */
export const originOf = (ctx: TestContext) => new URL(ctx.config.publicUrl).origin;

/** A signed-in applicant who has added a software passkey through the API. */
export async function applicantWithPasskey(ctx: TestContext, name = 'My laptop'): Promise<{ user: TestUser; passkey: SoftwarePasskey }> {
  const user = await createLoggedInUser(ctx);
  const options = await request(ctx.app).post(PASSKEY_REGISTER_OPTIONS_PATH).set('Cookie', user.cookie).send();
  expect(options.status).toBe(200);
  const { passkey, credential } = createPasskey(options.body, originOf(ctx));
  const added = await request(ctx.app).post(PASSKEY_REGISTER_PATH).set('Cookie', user.cookie).send({ credential, name });
  expect(added.status).toBe(200);
  return { user, passkey };
}

/** A fresh sign-in challenge, as /login's island asks for one. */
export async function signInChallenge(ctx: TestContext): Promise<string> {
  const options = await request(ctx.app).post(PASSKEY_SIGN_IN_OPTIONS_PATH).send();
  expect(options.status).toBe(200);
  expect(options.body.allowCredentials ?? []).toEqual([]);
  return options.body.challenge as string;
}

export function postAssertion(ctx: TestContext, credential: unknown) {
  return request(ctx.app).post(PASSKEY_SIGN_IN_PATH).send({ credential });
}

/** Signs in with the passkey against a fresh challenge. */
export async function signInWith(ctx: TestContext, passkey: SoftwarePasskey) {
  return postAssertion(ctx, assertWith(passkey, await signInChallenge(ctx), originOf(ctx)));
}

/** Whether a response started a session (a Set-Cookie with a session id, not a clearing one). */
export function startedSession(res: { headers: Record<string, unknown> }): boolean {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${SESSION_COOKIE}=;`));
}
