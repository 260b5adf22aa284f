import type { Knex } from 'knex';
import { recordAudit, type AuditEntry } from './staff.server.js';

/** The applicant's own actions in the audit trail (their download): they go with the account; staff reads stay. */
const APPLICANT_OWN_ACTIONS = ['applicant-download', 'retention-warning'];

/**
 * Every row of one account in one transaction, and the audit entry that says it happened (without the account's
 * id or any personal data: nothing left points back at the person). Tables keyed by users.id cascade (sessions,
 * logins, codes, resets, carried answers, applications, web statuses, documents, PDFs, receipts, checklist,
 * counselor requests, decisions); the rest are named here: kept answers (owner), the webhook outbox, the
 * applicant's own audit rows, and jobs still queued for the account.
 */
export async function eraseAccountRows(knex: Knex, userId: string, audit: AuditEntry, options: { unsubmittedOnly: boolean }): Promise<'erased' | 'missing' | 'submitted'> {
  return knex.transaction(async (trx) => {
    // Under the application row's lock, as a submission takes it: a submit cannot slip in between check and delete.
    const app = (await trx('applications').where({ user_id: userId }).forUpdate().first('submitted_at')) as { submitted_at: Date | null } | undefined;
    if (options.unsubmittedOnly && app?.submitted_at) return 'submitted';
    const gone = await trx('users').where({ id: userId }).delete();
    if (gone === 0) return 'missing';
    await trx('kept_answers').where({ owner: userId }).delete();
    await trx('webhook_events').where({ user_id: userId }).delete();
    await trx('staff_audit').where({ user_id: userId }).whereIn('action', APPLICANT_OWN_ACTIONS).delete();
    const boss = (await trx.raw(`select to_regclass('pgboss.job') as t`)) as { rows: Array<{ t: string | null }> };
    if (boss.rows[0]?.t) await trx.raw(`delete from pgboss.job where data->>'userId' = ? and state in ('created', 'retry')`, [userId]);
    await recordAudit(trx, { ...audit, user_id: null });
    return 'erased';
  });
}

/** The object keys the database names for an account (documents, conversions, the application PDF). */
export async function objectKeysOf(knex: Knex, userId: string): Promise<string[]> {
  const docs = (await knex('document_answers').where({ user_id: userId }).select('file_key', 'output_key')) as Array<{ file_key: string; output_key: string | null }>;
  const pdf = (await knex('application_pdfs').where({ user_id: userId }).first('output_key')) as { output_key: string | null } | undefined;
  return [...docs.flatMap((d) => [d.file_key, d.output_key]), pdf?.output_key ?? null].filter((k): k is string => Boolean(k));
}
