import type { Knex } from 'knex';

/**
 * Lookup data for the school and address autocomplete (issue 8, SPEC §4, §7 GET /lookup/find).
 *
 * A school's public id (the `id` of §3 lookup items) is `ceeb:<code>` when it has a CEEB code, else its
 * source id: the high-school crosswalk maps 71 NCES schools to more than one CEEB code, and every code
 * must stay pickable because the code is what admissions matches transcripts on. An address's id is its
 * source id. Natural ids (not the serial) keep cached suggestions valid across re-imports.
 *
 * `name_key` / `line_key` hold the normalised name (or street line) for prefix search, and
 * `search_key` the normalised name plus city and state, searched word by word (full text, GIN) and
 * typo-tolerantly (trigrams, GiST). The importer writes them with the same JS normaliser the queries
 * use (db/repos/lookup-keys.ts), so query and data can never be normalised differently.
 *
 * The trigram index is GiST, not GIN: GiST answers "the k nearest by word similarity" (`<<->`)
 * straight from the index, so a typo search reads a handful of rows instead of every candidate.
 * pg_trgm itself is created by 001_foundation (PGlite and PostgreSQL both ship it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table lookup_school (
      id bigint generated always as identity primary key,
      category text not null check (category in ('hs_ceeb', 'college_ceeb')),
      public_id text not null,
      source_id text not null,
      ceeb text not null default '',
      name text not null,
      address_line_1 text not null default '',
      city text not null default '',
      state text not null default '',
      zip text not null default '',
      country text not null default '',
      name_key text not null,
      search_key text not null,
      updated_at timestamptz not null default now(),
      constraint lookup_school_public_id unique (category, public_id)
    )`);
  await knex.raw('create index lookup_school_prefix on lookup_school (category, name_key text_pattern_ops)');
  await knex.raw('create index lookup_school_trgm on lookup_school using gist (search_key gist_trgm_ops)');
  await knex.raw(`create index lookup_school_words on lookup_school using gin (to_tsvector('simple', search_key))`);

  await knex.raw(`
    create table lookup_address (
      id bigint generated always as identity primary key,
      source_id text not null unique,
      address_line_1 text not null,
      address_line_2 text not null default '',
      city text not null default '',
      state text not null default '',
      zip text not null default '',
      country text not null default '',
      line_key text not null,
      search_key text not null,
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create index lookup_address_prefix on lookup_address (line_key text_pattern_ops)');
  await knex.raw('create index lookup_address_trgm on lookup_address using gist (search_key gist_trgm_ops)');
  await knex.raw(`create index lookup_address_words on lookup_address using gin (to_tsvector('simple', search_key))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('lookup_address');
  await knex.schema.dropTableIfExists('lookup_school');
}
