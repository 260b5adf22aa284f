import type { Knex } from 'knex';

/** Letter templates, one version per save (migration 130, which seeds version 1 of each); the current is the highest. */

export interface LetterTemplateRow {
  id: string;
  decision: 'admit' | 'deny' | 'waitlist';
  version: number;
  body: string;
  edited_by: string;
  edited_at: Date;
}

export async function currentTemplate(knex: Knex | Knex.Transaction, decision: string): Promise<LetterTemplateRow | null> {
  return ((await knex('letter_templates').where({ decision }).orderBy('version', 'desc').first()) as LetterTemplateRow | undefined) ?? null;
}

export async function templateVersions(knex: Knex | Knex.Transaction, decision: string): Promise<LetterTemplateRow[]> {
  return (await knex('letter_templates').where({ decision }).orderBy('version', 'desc')) as LetterTemplateRow[];
}

/**
 * Saves the next version. Two leads saving at once both read the same highest version: the unique
 * (decision, version) key lets one win; the other gets null and is told to reload.
 */
export async function insertTemplateVersion(
  trx: Knex.Transaction,
  row: Omit<LetterTemplateRow, 'id' | 'version'>,
  basedOn: number,
): Promise<LetterTemplateRow | null> {
  const rows = (await trx('letter_templates')
    .insert({ ...row, version: basedOn + 1 })
    .onConflict(['decision', 'version'])
    .ignore()
    .returning('*')) as LetterTemplateRow[];
  return rows[0] ?? null;
}
