import type { Knex } from 'knex';
import {
  ADDRESS_RECORD_KEYS,
  LOOKUP_MAX_QUERY_LENGTH,
  SCHOOL_RECORD_KEYS,
  type AddressRecordKey,
  type LookupCategory,
  type LookupItem,
  type LookupRecord,
  type SchoolRecordKey,
} from '../../contracts/lookup.js';
import { escapeLike, searchKey } from './lookup-keys.js';

/**
 * Below this word similarity a suggestion is noise. 0.3 keeps one-typo queries ("alta hgih" →
 * "alta high", 0.43) and drops strings that merely share a letter pair.
 */
const MIN_WORD_SIMILARITY = 0.3;
/** Trigrams need three characters to mean anything; shorter queries use the prefix search only. */
const MIN_TRIGRAM_QUERY = 3;

type SchoolRow = { id: string } & Record<SchoolRecordKey, string>;
type AddressRow = { id: string } & Record<AddressRecordKey, string>;

// The public id is the natural key (see db/migrations/020_lookup.ts), never the serial.
const SCHOOL_COLUMNS = ['public_id as id', ...SCHOOL_RECORD_KEYS];
const ADDRESS_COLUMNS = ['source_id as id', ...ADDRESS_RECORD_KEYS];

function schoolItem(row: SchoolRow): LookupItem {
  return { id: row.id, text: row.name, sub_text: [row.city, row.state].filter(Boolean).join(', '), name: row.name };
}

function addressItem(row: AddressRow): LookupItem {
  const text = [row.address_line_1, row.address_line_2].filter(Boolean).join(' ');
  const place = [row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return { id: row.id, text, sub_text: place, address_line_1: row.address_line_1 };
}

type Row = SchoolRow | AddressRow;

interface Scope {
  table: 'lookup_school' | 'lookup_address';
  columns: readonly string[];
  prefixColumn: 'name_key' | 'line_key';
  textColumn: 'name' | 'address_line_1';
  scoped(builder: Knex.QueryBuilder): Knex.QueryBuilder;
  /** Two-letter state whose records rank first in every stage ('' for none). */
  state: string;
}

function scopeOf(category: LookupCategory, state: string): Scope {
  if (category === 'address') {
    return {
      table: 'lookup_address',
      columns: ADDRESS_COLUMNS,
      prefixColumn: 'line_key',
      textColumn: 'address_line_1',
      scoped: (b) => b,
      state,
    };
  }
  return {
    state,
    table: 'lookup_school',
    columns: SCHOOL_COLUMNS,
    prefixColumn: 'name_key',
    textColumn: 'name',
    scoped: (b) => b.where('category', category),
  };
}

/** Stage 1: the name (or street line) starts with the text; shortest first, so "Alta High School" leads. */
function startsWith(knex: Knex, s: Scope, key: string, limit: number): Promise<Row[]> {
  return s
    .scoped(knex(s.table).select(s.columns))
    .whereRaw(`?? like ? escape '\\'`, [s.prefixColumn, `${escapeLike(key)}%`])
    .orderByRaw('state = ? desc, length(??), ??', [s.state, s.prefixColumn, s.prefixColumn])
    .limit(limit);
}

/** Stage 2 reads at most this many candidates: "high school" alone matches most of the table. */
const WORD_CANDIDATES = 200;

/**
 * Stage 2: every typed word begins some word of the name, city or state, in any order
 * ("alta high", "lincoln high lincoln ne"). The whole words select candidates through the full-text
 * GIN index (exact entries let GIN skip through the long lists of "high" or "school"); the last,
 * perhaps half-typed word then filters them as a word prefix. One-letter words are left out: a
 * half-typed "s" would match nearly every row. Words are [a-z0-9]+ after normalisation, so they
 * cannot carry tsquery or LIKE syntax; they still travel as parameters.
 */
async function allWords(knex: Knex, s: Scope, key: string, limit: number): Promise<Row[]> {
  const typed = key.split(' ');
  const words = typed.filter((w) => w.length > 1).slice(0, 8);
  if (words.length === 0) return [];
  const last = typed.at(-1)!.length > 1 ? words.pop()! : null;
  // The preferred state's rows are read first, so a common name ("lone peak") cannot crowd them out of the candidates.
  const candidates = s
    .scoped(knex(s.table).select(s.columns).select(s.prefixColumn))
    .orderByRaw('state = ? desc', [s.state])
    .limit(WORD_CANDIDATES);
  if (words.length > 0) {
    candidates.whereRaw(`to_tsvector('simple', search_key) @@ to_tsquery('simple', ?)`, [words.join(' & ')]);
    if (last) candidates.whereRaw(`(' ' || search_key) like ?`, [`% ${escapeLike(last)}%`]);
  } else {
    candidates.whereRaw(`to_tsvector('simple', search_key) @@ to_tsquery('simple', ?)`, [`${last}:*`]);
  }
  const all = [...words, ...(last ? [`${last}:*`] : [])].join(' & ');
  // Names holding every word first, then names starting with the first word ("lincoln high
  // lincoln ne" puts Lincoln High School before Pius X High School of Lincoln), then the shortest.
  return knex
    .select(s.columns.map((c) => c.replace(/^.* as /, '')))
    .from(candidates.as('candidates'))
    .orderByRaw(`state = ? desc, to_tsvector('simple', ??) @@ to_tsquery('simple', ?) desc, ?? like ? desc, length(??), ??`, [
      s.state,
      s.prefixColumn,
      all,
      s.prefixColumn,
      `${escapeLike(typed[0]!)}%`,
      s.textColumn,
      s.textColumn,
    ])
    .limit(limit);
}

/** Stage 3: the nearest by trigram word similarity, straight from the GiST index; forgives typos ("alta hgih"). */
function similar(knex: Knex, s: Scope, key: string, limit: number): Promise<Row[]> {
  const nearest = s
    .scoped(
      knex(s.table)
        .select(s.columns)
        .select(knex.raw('? <<-> search_key as distance', [key])),
    )
    .orderBy('distance')
    .limit(limit);
  // The similarity floor is applied to those few nearest rows only.
  return knex
    .select(s.columns.map((c) => c.replace(/^.* as /, '')))
    .from(nearest.as('nearest'))
    .where('distance', '<=', 1 - MIN_WORD_SIMILARITY)
    .orderByRaw('state = ? desc', [s.state])
    .orderBy('distance')
    .orderByRaw('length(??)', [s.textColumn]);
}

/**
 * Suggestions for typed text (§7): names starting with the text, then names holding all its words
 * (each stage only while fewer than `max` were found), and only when neither matched anything, the
 * typo-tolerant nearest names. Within each stage, records in `preferState` (the applicant's state, or the
 * university's) come first: "Lone Peak" from Utah means the school in Highland, UT, not the one in Big Sky, MT.
 */
export async function findLookupItems(
  knex: Knex,
  category: LookupCategory,
  query: string,
  max: number,
  preferState = '',
): Promise<LookupItem[]> {
  const key = searchKey(query.slice(0, LOOKUP_MAX_QUERY_LENGTH));
  if (!key) return [];
  const scope = scopeOf(category, preferState);
  const found = new Map<string, Row>();
  for (const stage of [startsWith, allWords, similar]) {
    if (found.size >= max) break;
    // Typo tolerance is the fallback, not filler: once the text matches something, that is the answer.
    if (stage === similar && (found.size > 0 || key.length < MIN_TRIGRAM_QUERY)) break;
    // Ask for `max` more than needed: rows already found by an earlier stage come back again.
    for (const row of await stage(knex, scope, key, max + found.size)) {
      if (found.size < max && !found.has(row.id)) found.set(row.id, row);
    }
  }
  const rows = [...found.values()];
  return category === 'address' ? rows.map((r) => addressItem(r as AddressRow)) : rows.map((r) => schoolItem(r as SchoolRow));
}

/** The full record by id (§7), with exactly the key names of its category's block; null if unknown. */
export async function findLookupRecord(knex: Knex, category: LookupCategory, id: string): Promise<LookupRecord | null> {
  if (category === 'address') {
    const row = (await knex('lookup_address').first(ADDRESS_COLUMNS).where('source_id', id)) as AddressRow | undefined;
    return row ?? null;
  }
  const row = (await knex('lookup_school').first(SCHOOL_COLUMNS).where({ category, public_id: id })) as SchoolRow | undefined;
  return row ?? null;
}

/** Fresh planner statistics after a load, so the trigram index is chosen (without them a typo search scans every row). */
export async function analyzeLookupTable(knex: Knex, category: LookupCategory): Promise<void> {
  await knex.raw(category === 'address' ? 'analyze lookup_address' : 'analyze lookup_school');
}

/** Rows per category, for the seed check and the importer's summary. */
export async function countLookupRows(knex: Knex, category: LookupCategory): Promise<number> {
  const query = category === 'address' ? knex('lookup_address') : knex('lookup_school').where('category', category);
  const row = (await query.count<{ count: number }[]>({ count: '*' }).first()) as { count: number | string } | undefined;
  return Number(row?.count ?? 0);
}
