import type { Knex } from 'knex';
import { verifyServiceToken } from '../security/service-link-token.server.js';
import { findUserByUsername } from '../../db/repos/users.server.js';

export interface ServiceUser {
  userId: string;
  username: string;
}

export type ServiceTokenProblem = 'invalid' | 'expired' | 'revoked';
export type ServiceTokenResult = { ok: true; user: ServiceUser } | { ok: false; status: 401 | 403; problem: ServiceTokenProblem; message: string };

export const SERVICE_LINK_INVALID = 'This staff link is not valid. Ask for a new one.';
export const SERVICE_LINK_EXPIRED = 'This staff link has expired. Ask for a new one.';
export const SERVICE_LINK_REVOKED = 'This staff link has been revoked. Ask for a new one.';

export async function resolveServiceToken(knex: Knex, secret: string, token: unknown, now: Date): Promise<ServiceTokenResult> {
  const verified = verifyServiceToken(secret, token, now);
  if (!verified.ok) {
    return verified.reason === 'expired'
      ? { ok: false, status: 401, problem: 'expired', message: SERVICE_LINK_EXPIRED }
      : { ok: false, status: 401, problem: 'invalid', message: SERVICE_LINK_INVALID };
  }
  const user = await findUserByUsername(knex, verified.claims.u);
  if (!user) return { ok: false, status: 403, problem: 'invalid', message: SERVICE_LINK_INVALID };
  const revocation = (await knex('service_link_revocations').where({ user_id: user.id }).first()) as { revoked_before: Date } | undefined;
  if (revocation && verified.claims.iat * 1000 < new Date(revocation.revoked_before).getTime()) {
    return { ok: false, status: 403, problem: 'revoked', message: SERVICE_LINK_REVOKED };
  }
  return { ok: true, user: { userId: user.id, username: user.username } };
}

/** Every staff link issued for this applicant until now stops working. */
export async function revokeServiceLinks(knex: Knex, username: string, now: Date): Promise<boolean> {
  const user = await findUserByUsername(knex, username.trim().toLowerCase());
  if (!user) return false;
  // Tokens carry whole seconds: revoke everything issued up to the end of this second.
  const cutoff = new Date(Math.floor(now.getTime() / 1000) * 1000 + 1000);
  await knex('service_link_revocations').insert({ user_id: user.id, revoked_before: cutoff }).onConflict('user_id').merge();
  return true;
}
