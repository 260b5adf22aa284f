import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import type { LookupCategory } from '../../../contracts/lookup.js';
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

let seeding = 0;

/** True while this process is loading the bundled data: answers may be incomplete, so nobody should cache them. */
export function isLookupSeeding(): boolean {
  return seeding > 0;
}

/**
 * Loads the bundled lookup data into a database that never had it, so a fresh `npm start` can search
 * schools and addresses (and every test database, cloned from a template seeded once per run).
 *
 * The check is one read of app_meta. A category counts as seeded only after its whole file went in,
 * so a seed interrupted by a crash or a stop is simply completed (the import is an idempotent upsert)
 * at the next start. Data an operator loads later with `npm run lookup:import` is never overwritten.
 */
export async function seedLookupData(knex: Knex, logger?: InfoLogger): Promise<ImportSummary[]> {
  seeding++;
  try {
    return await seedMissing(knex, logger);
  } finally {
    seeding--;
  }
}

/**
 * The server's start-up: the seed runs beside it, not before it, so starting stays as quick as
 * before (the seed takes seconds on PGlite: see the lookup issue's report); each batch is one short
 * statement, so requests interleave with it. Searches answer from what is loaded so far, uncached.
 */
export function seedLookupDataInBackground(knex: Knex, logger: InfoLogger & { warn(obj: object, msg: string): void }): void {
  seedLookupData(knex, logger).catch((err: Error) => logger.warn({ err }, 'lookup data seed stopped; it resumes at the next start'));
}

async function seedMissing(knex: Knex, logger?: InfoLogger): Promise<ImportSummary[]> {
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
