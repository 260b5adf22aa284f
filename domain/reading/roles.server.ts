import type { Config } from '../../platform/config.server.js';
import type { StaffRole } from '../../platform/config-reading.server.js';
import type { StaffActor } from './staff-actor.js';
import { recordChecklistAudit } from '../../db/repos/after-submission.server.js';
import type { Knex } from 'knex';
import { ReadingError } from './errors.js';

const RANK: Record<StaffRole, number> = { reader: 0, lead: 1, admin: 2 };

/**
 * The roles a staff member holds, cumulative (admin ⊇ lead ⊇ reader). Without STAFF_ROLES everyone on the desk is
 * an admin: a one-person office keeps every power it had before roles existed.
 */
export function staffRoles(config: Pick<Config, 'reading'>, who: { email: string; groups?: readonly string[] }): StaffRole[] {
  const map = config.reading.roles;
  if (!map) return ['reader', 'lead', 'admin'];
  const email = who.email.trim().toLowerCase();
  const groups = who.groups ?? [];
  const holds = (role: 'lead' | 'admin') => map[role].emails.includes(email) || map[role].groups.some((g) => groups.includes(g));
  if (holds('admin')) return ['reader', 'lead', 'admin'];
  if (holds('lead')) return ['reader', 'lead'];
  return ['reader'];
}

export function hasRole(config: Pick<Config, 'reading'>, who: { email: string; groups?: readonly string[] }, role: StaffRole): boolean {
  const roles = staffRoles(config, who);
  return RANK[roles[roles.length - 1]!] >= RANK[role];
}

export const ROLE_NAMES: Record<StaffRole, string> = { reader: 'a reader', lead: 'a lead', admin: 'an admin' };

export function forbiddenMessage(role: StaffRole): string {
  return `Only ${ROLE_NAMES[role]} of the admissions office can do this. Ask a lead if it needs doing.`;
}

/** Refuses (403, audited as 'forbidden' naming the action and the role) unless the actor holds `role`. */
export async function mustHold(
  services: { config: Config; db: { knex: Knex }; now: () => Date },
  actor: StaffActor,
  role: StaffRole,
  action: string,
  userId?: string,
): Promise<void> {
  if (hasRole(services.config, actor, role)) return;
  await services.db.knex('staff_audit').insert({
    at: services.now(),
    staff_email: actor.email,
    action: 'forbidden',
    user_id: userId ?? null,
    detail: JSON.stringify({ action, role }),
    ip: actor.ip ?? null,
  });
  throw new ReadingError(403, forbiddenMessage(role));
}

/** An audit line of the reading workflow in the caller's transaction (so the trail holds what committed). */
export async function readingAudit(
  trx: Knex | Knex.Transaction,
  at: Date,
  actor: StaffActor,
  action: string,
  userId: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  if (userId) await recordChecklistAudit(trx, { at, actor: actor.email, action, userId, detail, ip: actor.ip ?? null });
  else
    await trx('staff_audit').insert({
      at,
      staff_email: actor.email,
      action,
      user_id: null,
      detail: JSON.stringify(detail),
      ip: actor.ip ?? null,
    });
}
