import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { createPasskey } from '../helpers/software-authenticator.js';
import { applicantWithPasskey, originOf, signInWith, startedSession } from './passkeys-helpers.js';
import { sessionCookieFrom } from './auth-helpers.js';
import {
  PASSKEYS_ROUTE,
  PASSKEY_REGISTER_OPTIONS_PATH,
  PASSKEY_REGISTER_PATH,
  PASSKEY_REMOVE_PATH,
  PASSKEY_TEXTS,
} from '../../contracts/passkeys.js';
import { listPasskeys } from '../../db/repos/passkeys.server.js';
import { listAudit } from '../../db/repos/staff.server.js';
import { MAX_PASSKEYS } from '../../server/auth/passkeys/registration.server.js';
import { english } from '../../contracts/i18n/translate.js';
import { hashPassword } from '../../server/auth/passwords.server.js';
import { ACCOUNT_DELETE_PATH } from '../../contracts/account.js';

/**
 * Issue 41: an applicant adds a passkey after signing in, then signs in with it (no password, no code); passkeys are
 * listed and removed; the options name this site (PUBLIC_URL's host) and nothing about any account.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('adding a passkey', () => {
  it('offers a discoverable, user-verified credential for this site, excluding the passkeys the account has', async () => {
    const { user } = await applicantWithPasskey(ctx);
    const options = await request(ctx.app).post(PASSKEY_REGISTER_OPTIONS_PATH).set('Cookie', user.cookie).send();
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ id: new URL(ctx.config.publicUrl).hostname, name: 'Freshman Application' });
    expect(options.body.user.name).toBe(user.username);
    expect(options.body.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.body.attestation).toBe('none');
    expect(options.body.excludeCredentials).toHaveLength(1);
  });

  it('stores it for the account with its counter and transports, audited; the same credential twice is refused', async () => {
    const user = await createLoggedInUser(ctx);
    const options = await request(ctx.app).post(PASSKEY_REGISTER_OPTIONS_PATH).set('Cookie', user.cookie).send();
    const { credential } = createPasskey(options.body, originOf(ctx));
    const added = await request(ctx.app).post(PASSKEY_REGISTER_PATH).set('Cookie', user.cookie).send({ credential, name: ' My  phone ' });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(PASSKEY_TEXTS.added);
    const [stored] = await listPasskeys(ctx.db.knex, user.id);
    expect(stored).toMatchObject({
      name: 'My phone',
      counter: 0,
      transports: ['internal'],
      credential_id: credential.id,
      last_used_at: null,
    });
    const audit = await listAudit(ctx.db.knex, { limit: 10, userId: user.id });
    expect(audit.map((a) => a.action)).toContain('passkey-added');

    const again = await request(ctx.app).post(PASSKEY_REGISTER_OPTIONS_PATH).set('Cookie', user.cookie).send();
    const twice = await request(ctx.app)
      .post(PASSKEY_REGISTER_PATH)
      .set('Cookie', user.cookie)
      .send({
        credential: {
          ...credential,
          response: { ...(credential.response as object), clientDataJSON: reChallenge(credential, again.body.challenge) },
        },
      });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(PASSKEY_TEXTS.alreadyAdded);
  });

  it('needs a session, and refuses an answer to another account’s challenge', async () => {
    expect((await request(ctx.app).post(PASSKEY_REGISTER_OPTIONS_PATH).send()).status).toBe(401);
    const owner = await createLoggedInUser(ctx);
    const other = await createLoggedInUser(ctx);
    const options = await request(ctx.app).post(PASSKEY_REGISTER_OPTIONS_PATH).set('Cookie', owner.cookie).send();
    const { credential } = createPasskey(options.body, originOf(ctx));
    const res = await request(ctx.app).post(PASSKEY_REGISTER_PATH).set('Cookie', other.cookie).send({ credential });
    expect(res.status).toBe(400);
    expect(await listPasskeys(ctx.db.knex, other.id)).toEqual([]);
  });

  it(`holds at most ${MAX_PASSKEYS} passkeys an account`, async () => {
    const { user } = await applicantWithPasskey(ctx);
    const names: string[] = [];
    for (let i = 1; i < MAX_PASSKEYS; i++) {
      // The last one added from a Spanish page: its default name is Spanish.
      const cookie = i === MAX_PASSKEYS - 1 ? `${user.cookie}; lang=es` : user.cookie;
      const options = await request(ctx.app).post(PASSKEY_REGISTER_OPTIONS_PATH).set('Cookie', cookie).send();
      const { credential } = createPasskey(options.body, originOf(ctx));
      const added = await request(ctx.app).post(PASSKEY_REGISTER_PATH).set('Cookie', cookie).send({ credential });
      expect(added.status).toBe(200);
      names.push((added.body as { passkey: { name: string } }).passkey.name);
    }
    expect(names.slice(0, 2)).toEqual(['Passkey 2', 'Passkey 3']);
    expect(names.at(-1)).toBe(`Llave de acceso ${MAX_PASSKEYS}`);
    // (The Spanish page made the account Spanish: the English page says so by its cookie.)
    const full = await request(ctx.app).post(PASSKEY_REGISTER_OPTIONS_PATH).set('Cookie', `${user.cookie}; lang=en`).send();
    expect(full.status).toBe(400);
    expect(full.body.message).toBe(english(PASSKEY_TEXTS.tooMany, { max: MAX_PASSKEYS }));
    // On a Spanish page the refusal comes in Spanish, its number filled in.
    const spanish = await request(ctx.app).post(PASSKEY_REGISTER_OPTIONS_PATH).set('Cookie', `${user.cookie}; lang=es`).send();
    expect(spanish.status).toBe(400);
    expect(spanish.body.message).toBe(`Puedes tener como máximo ${MAX_PASSKEYS} llaves de acceso. Quita una antes de agregar otra.`);
  });
});

describe('signing in with a passkey', () => {
  it('starts a session without password or code, records the use, and the session works', async () => {
    const { user, passkey } = await applicantWithPasskey(ctx);
    const res = await signInWith(ctx, passkey);
    expect(res.status).toBe(200);
    expect(startedSession(res)).toBe(true);
    const cookie = sessionCookieFrom(res.headers['set-cookie'] as unknown as string[]);
    const session = await request(ctx.app).get('/api/session').set('Cookie', cookie);
    expect(session.body).toEqual({ username: user.username });
    const [stored] = await listPasskeys(ctx.db.knex, user.id);
    expect(stored!.counter).toBe(1);
    expect(stored!.last_used_at).not.toBeNull();
    expect((await listAudit(ctx.db.knex, { limit: 10, userId: user.id })).map((a) => a.action)).toContain('passkey-sign-in');
  });
});

describe('the passkeys page: listed, removed after a confirmation', () => {
  it('lists name, added and last used; ?remove asks first; the POST removes it, and it signs in no more', async () => {
    const { user, passkey } = await applicantWithPasskey(ctx, 'Kitchen tablet');
    const [stored] = await listPasskeys(ctx.db.knex, user.id);
    const page = await request(ctx.app).get(PASSKEYS_ROUTE).set('Cookie', user.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Kitchen tablet');
    expect(page.text).toContain(PASSKEY_TEXTS.neverUsed);
    expect(page.text).not.toContain(PASSKEY_TEXTS.confirmTitle);
    const asking = await request(ctx.app).get(`${PASSKEYS_ROUTE}?remove=${stored!.id}`).set('Cookie', user.cookie);
    expect(asking.text).toContain(PASSKEY_TEXTS.confirmTitle);
    expect(await listPasskeys(ctx.db.knex, user.id)).toHaveLength(1);

    const removed = await request(ctx.app).post(PASSKEY_REMOVE_PATH).set('Cookie', user.cookie).type('form').send({ id: stored!.id });
    expect(removed.status).toBe(303);
    expect(removed.headers.location).toBe(PASSKEYS_ROUTE);
    expect(await listPasskeys(ctx.db.knex, user.id)).toEqual([]);
    const refused = await signInWith(ctx, passkey);
    expect(refused.status).toBe(400);
    expect(startedSession(refused)).toBe(false);
  });

  it("removes only the account's own passkeys, and sends a visitor to log in", async () => {
    const { user } = await applicantWithPasskey(ctx);
    const [stored] = await listPasskeys(ctx.db.knex, user.id);
    const other = await createLoggedInUser(ctx);
    const res = await request(ctx.app).post(PASSKEY_REMOVE_PATH).set('Cookie', other.cookie).type('form').send({ id: stored!.id });
    expect(res.status).toBe(303);
    expect(await listPasskeys(ctx.db.knex, user.id)).toHaveLength(1);
    const visitor = await request(ctx.app).post(PASSKEY_REMOVE_PATH).type('form').send({ id: stored!.id });
    expect(visitor.headers.location).toBe('/login');
    expect((await request(ctx.app).get(PASSKEYS_ROUTE)).headers.location).toBe('/login');
  });
});

describe('erasing the account', () => {
  it('takes its passkeys, its challenges, its adding limit and its own passkey audit rows with it', async () => {
    const { user, passkey } = await applicantWithPasskey(ctx);
    await request(ctx.app).post(PASSKEY_REGISTER_OPTIONS_PATH).set('Cookie', user.cookie).send(); // a challenge left waiting
    expect((await signInWith(ctx, passkey)).status).toBe(200);
    const password = 'a long and unusual pass phrase 41';
    await ctx.db
      .knex('users')
      .where({ id: user.id })
      .update({ password_hash: await hashPassword(password) });
    const res = await request(ctx.app).post(ACCOUNT_DELETE_PATH).set('Cookie', user.cookie).type('form').send({ password });
    expect(res.headers.location).toBe('/login');
    const { knex } = ctx.db;
    expect(await knex('passkeys').where({ user_id: user.id })).toEqual([]);
    expect(await knex('passkey_challenges').where({ user_id: user.id })).toEqual([]);
    expect(await knex('rate_limits').where('key', 'like', `%${user.id}%`)).toEqual([]);
    expect(await knex('staff_audit').where({ user_id: user.id })).toEqual([]);
    expect(
      await knex('staff_audit')
        .whereIn('action', ['passkey-added', 'passkey-sign-in'])
        .whereRaw('detail::text like ?', [`%${user.id}%`]),
    ).toEqual([]);
  });
});

/** The same credential answering another challenge (its attestation is not bound to a challenge but the client data). */
function reChallenge(credential: Record<string, unknown>, challenge: string): string {
  const response = credential.response as { clientDataJSON: string };
  const data = JSON.parse(Buffer.from(response.clientDataJSON, 'base64url').toString('utf8')) as Record<string, unknown>;
  return Buffer.from(JSON.stringify({ ...data, challenge })).toString('base64url');
}
