import type { Knex } from 'knex';

/** Deadlines (issue 40): extensions, reminders sent, reminder opt-outs (db/migrations/150_deadlines.ts). */

export interface ExtensionRow {
  round: string;
  user_id: string | null;
  until: Date;
}

/** The extensions that apply to this account (its own and everyone's), or everyone's only for null. */
export async function extensionsFor(knex: Knex, userId: string | null): Promise<ExtensionRow[]> {
  const q = knex('deadline_extensions').select('round', 'user_id', 'until');
  if (userId) void q.where((w) => void w.whereNull('user_id').orWhere('user_id', userId));
  else void q.whereNull('user_id');
  return ((await q) as ExtensionRow[]).map((r) => ({ ...r, until: new Date(r.until) }));
}

/** Every extension for named applicants, by account: the reminder job reads them once per run. */
export async function personalExtensions(knex: Knex): Promise<ExtensionRow[]> {
  return ((await knex('deadline_extensions').whereNotNull('user_id').select('round', 'user_id', 'until')) as ExtensionRow[]).map((r) => ({
    ...r,
    until: new Date(r.until),
  }));
}

export async function insertExtensions(
  trx: Knex,
  rows: Array<{ round: string; user_id: string | null; until: Date; staff_email: string; created_at: Date }>,
): Promise<void> {
  if (rows.length > 0) await trx('deadline_extensions').insert(rows);
}

/**
 * The accounts named in an extension: by the e-mail address they sign in with (an applicant who has not submitted
 * has no reference yet) or by a reference (stored upper-case). Returns each name with its account, or none.
 */
export async function accountsNamed(knex: Knex, names: string[]): Promise<Map<string, string>> {
  const emails = names.filter((n) => n.includes('@')).map((n) => n.toLowerCase());
  const references = names.filter((n) => !n.includes('@')).map((n) => n.toUpperCase());
  const found = new Map<string, string>();
  if (emails.length > 0)
    for (const r of (await knex('users')
      .whereIn(knex.raw('lower(username)') as unknown as string, emails)
      .select('id', 'username')) as Array<{ id: string; username: string }>)
      found.set(r.username.toLowerCase(), r.id);
  if (references.length > 0)
    for (const r of (await knex('applications').whereIn('reference', references).select('user_id', 'reference')) as Array<{
      user_id: string;
      reference: string;
    }>)
      found.set(r.reference, r.user_id);
  return found;
}

/**
 * Claims one reminder: true when this call inserted the row (and so must send), false when another run or worker
 * already had it. The row goes in before the e-mail, so two workers never both send.
 */
export async function claimReminder(
  knex: Knex,
  row: { user_id: string; round: string; threshold: string; sent_at: Date },
): Promise<boolean> {
  const inserted = (await knex('deadline_reminders')
    .insert(row)
    .onConflict(['user_id', 'round', 'threshold'])
    .ignore()
    .returning('user_id')) as unknown[];
  return inserted.length > 0;
}

/** Confirmed accounts with no submitted application that have not turned reminders off, after `after` (id order), `limit` at a time. */
export async function remindableAccounts(
  knex: Knex,
  after: string | null,
  limit: number,
): Promise<Array<{ id: string; username: string; language: string | null }>> {
  const q = knex('users as u')
    .leftJoin('applications as a', 'a.user_id', 'u.id')
    .leftJoin('deadline_reminder_optouts as o', 'o.user_id', 'u.id')
    .whereNull('a.submitted_at')
    .whereNull('o.user_id')
    .whereNotNull('u.confirmed_at')
    .orderBy('u.id')
    .limit(limit)
    .select('u.id', 'u.username', 'u.language');
  if (after) void q.where('u.id', '>', after);
  return (await q) as Array<{ id: string; username: string; language: string | null }>;
}

export async function optOutOfReminders(knex: Knex, userId: string, at: Date): Promise<void> {
  await knex('deadline_reminder_optouts').insert({ user_id: userId, at }).onConflict('user_id').ignore();
}
