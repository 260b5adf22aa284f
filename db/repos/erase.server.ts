import type { Knex } from 'knex';
import { recordAudit, type AuditEntry } from './staff.server.js';

/** What the account left outside its rows (domain/account/erasure-traces.server.ts computes it). */
export interface ErasureTraces {
  username: string | null;
  rateLimitKeys: string[];
  pseudonym: string;
}

/** pg-boss states of a job nobody works on; an active job is left to finish (it finds no account and stops). */
const IDLE_JOB_STATES = ['created', 'retry', 'completed', 'failed', 'cancelled'];

/** The applicant's own actions in the audit trail (their download, their passkeys, their family invitations): they go with the account; staff reads and refused passkey sign-ins (perhaps someone else's) stay, pseudonymised. */
const APPLICANT_OWN_ACTIONS = [
  'applicant-download',
  'retention-warning',
  'passkey-added',
  'passkey-add-refused',
  'passkey-removed',
  'passkey-sign-in',
  'family-invited',
  'family-removed',
];

/**
 * Every row of one account in one transaction, and the audit entry that says it happened (without the account's
 * id or any personal data: nothing left points back at the person). Tables keyed by users.id cascade (sessions,
 * logins, codes, resets, carried answers, applications, web statuses, documents, PDFs, receipts, checklist,
 * counselor requests, decisions); the rest are named here: kept answers (owner), the webhook outbox, the
 * applicant's own audit rows, its rate-limit keys, and its jobs — queued or finished, whose data or output
 * names its id, object keys (which hold the id) or address (issue 35 finding 14).
 *
 * Staff reads of the application stay: they are the legal record of who saw the applicant's data and when. Their
 * id (and the id inside details, such as a document's object key or a feed's list) becomes the account's
 * pseudonym: the reads of one application stay linked to each other, and lead to no one.
 */
export async function eraseAccountRows(
  knex: Knex,
  userId: string,
  audit: AuditEntry,
  traces: ErasureTraces,
  options: { unsubmittedOnly: boolean },
): Promise<'erased' | 'missing' | 'submitted'> {
  return knex.transaction(async (trx) => {
    // Under the application row's lock, as a submission takes it: a submit cannot slip in between check and delete.
    const app = (await trx('applications').where({ user_id: userId }).forUpdate().first('submitted_at')) as
      { submitted_at: Date | null } | undefined;
    if (options.unsubmittedOnly && app?.submitted_at) return 'submitted';
    const gone = await trx('users').where({ id: userId }).delete();
    if (gone === 0) return 'missing';
    await trx('kept_answers').where({ owner: userId }).delete();
    await trx('webhook_events').where({ user_id: userId }).delete();
    // Its family invitations went with the account (cascade); a family session no invitation keeps alive goes too.
    await trx('family_sessions').whereNotIn('email', trx('family_members').select('email')).delete();
    await trx('staff_audit').where({ user_id: userId }).whereIn('action', APPLICANT_OWN_ACTIONS).delete();
    await pseudonymiseAudit(trx, userId, traces);
    // A UUID holds no LIKE wildcard: this finds the quotas keyed by the id in clear (presign, convert, render).
    await trx('rate_limits').whereIn('key', traces.rateLimitKeys).orWhere('key', 'like', `%${userId}%`).delete();
    await deleteIdleJobs(trx, [userId, ...(traces.username ? [traces.username] : [])]);
    await recordAudit(trx, { ...audit, user_id: null });
    return 'erased';
  });
}

async function pseudonymiseAudit(trx: Knex.Transaction, userId: string, traces: ErasureTraces): Promise<void> {
  const replacements: Array<[string, string]> = [
    [userId, traces.pseudonym],
    ...(traces.username ? [[JSON.stringify(traces.username).slice(1, -1), '(deleted account)'] as [string, string]] : []),
  ];
  for (const [from, to] of replacements) {
    await trx.raw(`update staff_audit set detail = replace(detail::text, ?, ?)::jsonb where strpos(detail::text, ?) > 0`, [from, to, from]);
  }
  await trx('staff_audit').where({ user_id: userId }).update({ user_id: traces.pseudonym });
}

/** Deletes the jobs (pgboss.job and, once pg-boss has moved them, pgboss.archive) whose data or output names any of `needles`. */
async function deleteIdleJobs(trx: Knex.Transaction, needles: string[]): Promise<void> {
  for (const table of ['pgboss.job', 'pgboss.archive']) {
    const exists = (await trx.raw(`select to_regclass(?) as t`, [table])) as { rows: Array<{ t: string | null }> };
    if (!exists.rows[0]?.t) continue;
    for (const needle of needles) {
      await trx.raw(
        `delete from ${table} where state::text in (${IDLE_JOB_STATES.map(() => '?').join(', ')})
           and (strpos(coalesce(data::text, ''), ?) > 0 or strpos(coalesce(output::text, ''), ?) > 0)`,
        [...IDLE_JOB_STATES, needle, needle],
      );
    }
  }
}

/** The object keys the database names for an account (documents, conversions, the application PDF). */
export async function objectKeysOf(knex: Knex, userId: string): Promise<string[]> {
  const docs = (await knex('document_answers').where({ user_id: userId }).select('file_key', 'output_key')) as Array<{
    file_key: string;
    output_key: string | null;
  }>;
  const pdf = (await knex('application_pdfs').where({ user_id: userId }).first('output_key')) as { output_key: string | null } | undefined;
  return [...docs.flatMap((d) => [d.file_key, d.output_key]), pdf?.output_key ?? null].filter((k): k is string => Boolean(k));
}
