import type { Knex } from 'knex';
import { addressKeys, isPlaceholder, PLACEHOLDER_SQL_PATTERN, schoolKeys } from '../repos/lookup-rows.js';

/**
 * Placeholders ("NA NA", "N/A", "-") already imported into the lookup tables become '' (the importer drops
 * them from now on: db/repos/lookup-rows.ts), with the search keys rebuilt; a record whose name or street is
 * nothing but a placeholder is removed. Only the matching rows are read (the regular expression narrows them in
 * the database; the importer's own test decides).
 */
const SCHOOL_OPTIONAL = ['ceeb', 'address_line_1', 'city', 'state', 'zip'] as const;
const ADDRESS_OPTIONAL = ['address_line_2', 'city', 'state', 'zip'] as const;

function anyPlaceholder(query: Knex.QueryBuilder, columns: readonly string[]): Knex.QueryBuilder {
  return query.where((b) => {
    for (const column of columns) b.orWhereRaw('?? ~* ?', [column, PLACEHOLDER_SQL_PATTERN]);
  });
}

export async function up(knex: Knex): Promise<void> {
  await anyPlaceholder(knex('lookup_address'), ['address_line_1']).delete();
  await anyPlaceholder(knex('lookup_school'), ['name']).delete();

  const addresses = (await anyPlaceholder(
    knex('lookup_address').select('id', 'address_line_1', ...ADDRESS_OPTIONAL),
    ADDRESS_OPTIONAL,
  )) as Array<Record<string, string>>;
  for (const row of addresses) {
    const clean = Object.fromEntries(ADDRESS_OPTIONAL.map((c) => [c, isPlaceholder(row[c] ?? '') ? '' : row[c]!])) as Record<
      (typeof ADDRESS_OPTIONAL)[number],
      string
    >;
    await knex('lookup_address')
      .where('id', row.id)
      .update({ ...clean, ...addressKeys({ address_line_1: row.address_line_1!, ...clean }) });
  }

  const schools = (await anyPlaceholder(
    knex('lookup_school').select('id', 'name', 'category', ...SCHOOL_OPTIONAL),
    SCHOOL_OPTIONAL,
  )) as Array<Record<string, string>>;
  for (const row of schools) {
    const clean = Object.fromEntries(SCHOOL_OPTIONAL.map((c) => [c, isPlaceholder(row[c] ?? '') ? '' : row[c]!])) as Record<
      (typeof SCHOOL_OPTIONAL)[number],
      string
    >;
    // The public id is the CEEB code when there is one: a placeholder code leaves the row known by its old id.
    await knex('lookup_school')
      .where('id', row.id)
      .update({ ...clean, ...schoolKeys({ name: row.name!, city: clean.city, state: clean.state }) });
  }
}

export async function down(): Promise<void> {
  // The placeholders carried no information: there is nothing to restore.
}
