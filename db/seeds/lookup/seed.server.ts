import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import type { LookupCategory } from '../../../islands/autocomplete/lookup-contract.js';
import { importLookupCsv, type ImportSummary } from '../../repos/lookup-import.server.js';

/** The bundled data (provenance and licences in SOURCES.md beside this file; attribution in NOTICE). */
export const LOOKUP_SEED_FILES: Readonly<Record<LookupCategory, string>> = {
  hs_ceeb: fileURLToPath(new URL('./schools_hs.csv', import.meta.url)),
  college_ceeb: fileURLToPath(new URL('./schools_college.csv', import.meta.url)),
  address: fileURLToPath(new URL('./addresses.csv', import.meta.url)),
};

/** app_meta key recording which categories were seeded: a seed runs once per database, never again. */
const MARKER = 'lookup_seed';

interface InfoLogger {
  info(obj: object, msg: string): void;
}

/**
 * Loads the bundled lookup data into a database that never had it, so a fresh `npm start` (and every
 * test database, cloned from a seeded template) can search schools and addresses at once.
 *
 * The check is one read of app_meta. A category counts as seeded only after its whole file went in,
 * so a seed interrupted by a crash is simply completed (the import is an idempotent upsert) at the
 * next start. Data an operator loads later with `npm run lookup:import` is never overwritten by it.
 */
export async function seedLookupData(knex: Knex, logger?: InfoLogger): Promise<ImportSummary[]> {
  const row = (await knex('app_meta').first('value').where({ key: MARKER })) as { value: Record<string, unknown> } | undefined;
  const done = row?.value ?? {};
  const summaries: ImportSummary[] = [];
  for (const [category, file] of Object.entries(LOOKUP_SEED_FILES) as Array<[LookupCategory, string]>) {
    if (done[category]) continue;
    const started = Date.now();
    const summary = await importLookupCsv(knex, category, createReadStream(file));
    done[category] = { rows: summary.read - summary.rejected, seeded_at: new Date().toISOString() };
    await knex('app_meta')
      .insert({ key: MARKER, value: JSON.stringify(done), updated_at: knex.fn.now() })
      .onConflict('key')
      .merge(['value', 'updated_at']);
    const { rejections, ...counts } = summary;
    logger?.info({ ...counts, ms: Date.now() - started }, 'lookup data seeded');
    summaries.push(summary);
  }
  return summaries;
}
