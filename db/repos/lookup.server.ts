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
/**
 * Another state's record must be nearer to count (issue 38): a name that is nowhere on the list ("Zyx Home Co-op")
 * otherwise drew "Sweet Home High School, OR" and the like, while its near misses of the same name stay ("fairveiw"
 * → the Fairview High Schools, 0.56).
 */
const MIN_OTHER_STATE_SIMILARITY = 0.5;
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
  /** The applicant's city, lower case: within the state, its records rank next ('' for none). */
  city: string;
}

function scopeOf(category: LookupCategory, state: string, city: string): Scope {
  if (category === 'address') {
    return {
      table: 'lookup_address',
      columns: ADDRESS_COLUMNS,
      prefixColumn: 'line_key',
      textColumn: 'address_line_1',
      scoped: (b) => b,
      state,
      city,
    };
  }
  return {
    state,
    city,
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
    .orderByRaw('state = ? desc, lower(city) = ? desc, length(??), ??', [s.state, s.city, s.prefixColumn, s.prefixColumn])
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
    .orderByRaw('state = ? desc, lower(city) = ? desc', [s.state, s.city])
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
    .orderByRaw(
      `state = ? desc, lower(city) = ? desc, to_tsvector('simple', ??) @@ to_tsquery('simple', ?) desc, ?? like ? desc, length(??), ??`,
      [s.state, s.city, s.prefixColumn, all, s.prefixColumn, `${escapeLike(typed[0]!)}%`, s.textColumn, s.textColumn],
    )
    .limit(limit);
}

/**
 * Stage 3: the nearest by trigram word similarity, straight from the GiST index; forgives typos ("alta hgih").
 * `inState` reads the preferred state's nearest only (the nearest of the whole country are often all elsewhere);
 * without it, the floor is the stricter one of other states' records.
 */
function similar(knex: Knex, s: Scope, key: string, limit: number, inState = false): Promise<Row[]> {
  const scoped = s.scoped(
    knex(s.table)
      .select(s.columns)
      .select(knex.raw('? <<-> search_key as distance', [key])),
  );
  const nearest = (inState ? scoped.where('state', s.state) : scoped).orderBy('distance').limit(limit);
  // The similarity floor is applied to those few nearest rows only.
  return knex
    .select(s.columns.map((c) => c.replace(/^.* as /, '')))
    .from(nearest.as('nearest'))
    .where('distance', '<=', 1 - (inState ? MIN_WORD_SIMILARITY : MIN_OTHER_STATE_SIMILARITY))
    .orderBy('distance')
    .orderByRaw('length(??)', [s.textColumn]);
}

/** Records in the applicant's state first, then in their city; otherwise the order the stages found them in (stable sort). */
function byPlace(s: Scope, rows: Row[]): Row[] {
  const rank = (row: Row) => (row.state === s.state ? 2 : 0) + (s.city !== '' && row.city?.toLowerCase() === s.city ? 1 : 0);
  return [...rows].sort((a, b) => rank(b) - rank(a));
}

/**
 * Suggestions for typed text (§7): names starting with the text and names holding all its words, and only when
 * neither matched anything, the typo-tolerant nearest names. Records in `preferState` (the applicant's state, or
 * the university's) come first, then those in `preferCity` (the applicant's city), then the stages' order: "Lone
 * Peak" from Utah means the school in Highland, UT, not the one in Big Sky, MT, and "Palmer" from Colorado Springs
 * means William J Palmer High School there, not Palmer High School of Palmer, AK (issue 38).
 */
export async function findLookupItems(
  knex: Knex,
  category: LookupCategory,
  query: string,
  max: number,
  preferState = '',
  preferCity = '',
): Promise<LookupItem[]> {
  const key = searchKey(query.slice(0, LOOKUP_MAX_QUERY_LENGTH));
  if (!key) return [];
  const scope = scopeOf(category, preferState, preferCity.trim().toLowerCase());
  const found = new Map<string, Row>();
  const add = (rows: Row[]) => rows.forEach((row) => found.has(row.id) || found.set(row.id, row));
  // Both stages always: an in-state name holding the words must not lose to `max` other-state names starting with them.
  for (const stage of [startsWith, allWords]) add(await stage(knex, scope, key, max + found.size));
  // Typo tolerance is the fallback, not filler: once the text matches something, that is the answer.
  if (found.size === 0 && key.length >= MIN_TRIGRAM_QUERY) {
    if (scope.state) add(await similar(knex, scope, key, max, true));
    add(await similar(knex, scope, key, max));
  }
  const rows = byPlace(scope, [...found.values()]).slice(0, max);
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
