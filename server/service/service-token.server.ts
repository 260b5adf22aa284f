import type { Knex } from 'knex';
import { verifyPrintToken } from '../../platform/tokens/print-token.server.js';
import { findUserById } from '../../db/repos/users.server.js';
import { recordAudit, redeemStaffLink } from '../../db/repos/staff.server.js';
import { sha256 } from '../auth/tokens.server.js';

export interface ServiceUser {
  userId: string;
  username: string;
}

export type ServiceTokenProblem = 'invalid' | 'expired' | 'used';
export type ServiceTokenResult =
  { ok: true; user: ServiceUser } | { ok: false; status: 401 | 403; problem: ServiceTokenProblem; message: string };

export const SERVICE_LINK_INVALID = 'This link is not valid. Staff open applications at /staff after signing in.';
export const SERVICE_LINK_EXPIRED = 'This link has expired. Staff open applications at /staff after signing in.';
export const SERVICE_LINK_USED = 'This link has already been used. Staff open applications at /staff after signing in.';

/**
 * The print ticket (platform/tokens/print-token.server.ts) of the PDF renderer: valid, unexpired, and not used
 * before (its id is recorded on this first use, in the same table as staff sign-in links). Each use is in the
 * audit trail.
 */
export async function resolveServiceToken(
  knex: Knex,
  secret: string,
  token: unknown,
  now: Date,
  ip: string | null,
): Promise<ServiceTokenResult> {
  const verified = verifyPrintToken(secret, token, now);
  if (!verified.ok) {
    return verified.reason === 'expired'
      ? { ok: false, status: 401, problem: 'expired', message: SERVICE_LINK_EXPIRED }
      : { ok: false, status: 401, problem: 'invalid', message: SERVICE_LINK_INVALID };
  }
  const user = typeof verified.claims.a === 'string' ? await findUserById(knex, verified.claims.a) : null;
  if (!user) return { ok: false, status: 403, problem: 'invalid', message: SERVICE_LINK_INVALID };
  if (!(await redeemStaffLink(knex, sha256(`print:${verified.claims.jti}`), now, new Date(verified.claims.exp * 1000)))) {
    return { ok: false, status: 403, problem: 'used', message: SERVICE_LINK_USED };
  }
  await recordAudit(knex, { at: now, staff_email: 'system:pdf-renderer', action: 'print-render', user_id: user.id, ip });
  return { ok: true, user: { userId: user.id, username: user.username } };
}
