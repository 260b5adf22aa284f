import type { Knex } from 'knex';

export interface StaffSessionRow {
  id_hash: string;
  email: string;
  via: 'oidc' | 'link';
  created_at: Date;
  last_seen_at: Date;
  /** The provider's groups at sign-in (or at the last userinfo check). */
  groups?: string[];
  sub?: string | null;
  /** The provider's access token, for the minutely userinfo re-check, sealed (server/staff/idp-token.server.ts; never sent to the browser). */
  idp_access_token?: string | null;
  /** When the right to the desk was last confirmed. */
  checked_at?: Date | null;
}

export async function insertStaffSession(knex: Knex, row: StaffSessionRow): Promise<void> {
  await knex('staff_sessions').insert({ ...row, groups: JSON.stringify(row.groups ?? []) });
}

export async function markStaffSessionChecked(knex: Knex, idHash: string, at: Date, groups?: string[]): Promise<void> {
  await knex('staff_sessions')
    .where({ id_hash: idHash })
    .update({ checked_at: at, ...(groups ? { groups: JSON.stringify(groups) } : {}) });
}

/**
 * Binds a provider account to a staff e-mail at its first sign-in; true when `sub` is the bound one. Done in
 * one statement, so two first sign-ins at once cannot both bind.
 */
export async function bindStaffIdentity(knex: Knex, email: string, sub: string, now: Date): Promise<boolean> {
  await knex('staff_identities').insert({ email, sub, bound_at: now }).onConflict('email').ignore();
  const row = (await knex('staff_identities').where({ email }).first('sub')) as { sub: string } | undefined;
  return row?.sub === sub;
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

export type AuditAction =
  | 'sign-in'
  | 'sign-in-refused'
  | 'list'
  | 'view'
  | 'sign-out'
  | 'download-pdf'
  | 'download-document'
  | 'export-csv'
  | 'export-zip'
  | 'download-zip'
  | 'retry-webhook'
  | 'open-audit'
  | 'open-exports'
  | 'open-webhooks'
  | 'integration-feed'
  | 'integration-pdf'
  // A teacher's letter fetched by the CRM (issue 39).
  | 'integration-letter'
  | 'print-render'
  // Retention and deletion (issue 27): the applicant's own download and deletion, and the retention job's steps.
  | 'applicant-download'
  | 'applicant-delete'
  | 'retention-warning'
  | 'retention-delete'
  | 'retention-purge'
  // The reading workflow (issue 37): refusals by role, reads and writes of the office's reading.
  | 'forbidden'
  | 'assigned'
  | 'queue-read'
  | 'moved-to-committee'
  | 'review-submitted'
  | 'reviews-read'
  | 'committee-view'
  | 'letter-template-saved'
  | 'letter-preview'
  | 'release-preview'
  | 'release-confirmed'
  | 'release-scheduled'
  | 'release-cancelled'
  | 'release-item-removed'
  | 'release-batch-done'
  // Deadlines (issue 40): a lead moves a round's deadline for everyone or for named applicants.
  | 'deadline-extended'
  // Passkeys (issue 41): the applicant's own additions and removals, their sign-ins and the refused attempts.
  | 'passkey-added'
  | 'passkey-removed'
  | 'passkey-sign-in'
  | 'passkey-add-refused'
  | 'passkey-sign-in-refused'
  // Family access (issue 39): the applicant invites and removes; a family member signs in, reads the status, signs out.
  | 'family-invited'
  | 'family-removed'
  | 'family-sign-in'
  | 'family-view'
  | 'family-sign-out';

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

/** Newest first, keyset-paged by id; `userId` narrows it to one application's timeline. */
export async function listAudit(knex: Knex, options: { before?: string | null; limit: number; userId?: string }): Promise<AuditRow[]> {
  const query = knex('staff_audit as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select('s.id', 's.at', 's.staff_email', 's.action', 's.user_id', 'u.username as applicant', 's.detail', 's.ip')
    .orderBy('s.id', 'desc')
    .limit(options.limit);
  if (options.before) query.where('s.id', '<', options.before);
  if (options.userId) query.where('s.user_id', options.userId);
  return (await query) as AuditRow[];
}
