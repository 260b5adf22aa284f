import type { Knex } from 'knex';

export interface StaffSessionRow {
  id_hash: string;
  email: string;
  via: 'oidc' | 'link';
  created_at: Date;
  last_seen_at: Date;
}

export async function insertStaffSession(knex: Knex, row: StaffSessionRow): Promise<void> {
  await knex('staff_sessions').insert(row);
}

export async function findStaffSession(knex: Knex, idHash: string): Promise<StaffSessionRow | null> {
  return ((await knex('staff_sessions').where({ id_hash: idHash }).first()) as StaffSessionRow | undefined) ?? null;
}

export async function touchStaffSession(knex: Knex, idHash: string, at: Date): Promise<void> {
  await knex('staff_sessions').where({ id_hash: idHash }).update({ last_seen_at: at });
}

export async function deleteStaffSession(knex: Knex, idHash: string): Promise<void> {
  await knex('staff_sessions').where({ id_hash: idHash }).delete();
}

/** Records a staff link's single use; false when it was used before. */
export async function redeemStaffLink(knex: Knex, jtiHash: string, now: Date, expiresAt: Date): Promise<boolean> {
  const rows = (await knex('staff_link_redemptions')
    .insert({ jti_hash: jtiHash, redeemed_at: now, expires_at: expiresAt })
    .onConflict('jti_hash')
    .ignore()
    .returning('jti_hash')) as unknown[];
  return rows.length === 1;
}

export type AuditAction = 'sign-in' | 'list' | 'view' | 'download-pdf' | 'export-csv' | 'export-zip' | 'download-zip' | 'retry-webhook';

export interface AuditEntry {
  at: Date;
  staff_email: string;
  action: AuditAction;
  user_id?: string | null;
  detail?: Record<string, unknown>;
  ip: string | null;
}

export async function recordAudit(knex: Knex, entry: AuditEntry): Promise<void> {
  await knex('staff_audit').insert({ ...entry, user_id: entry.user_id ?? null, detail: JSON.stringify(entry.detail ?? {}) });
}

export interface AuditRow {
  id: string;
  at: Date;
  staff_email: string;
  action: AuditAction;
  user_id: string | null;
  applicant: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
}

/** Newest first, keyset-paged by id. */
export async function listAudit(knex: Knex, options: { before?: string | null; limit: number }): Promise<AuditRow[]> {
  const query = knex('staff_audit as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select('s.id', 's.at', 's.staff_email', 's.action', 's.user_id', 'u.username as applicant', 's.detail', 's.ip')
    .orderBy('s.id', 'desc')
    .limit(options.limit);
  if (options.before) query.where('s.id', '<', options.before);
  return (await query) as AuditRow[];
}
