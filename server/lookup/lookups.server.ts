import type { Knex } from 'knex';
import { searchKey } from '../../db/repos/lookup-keys.js';
import { findLookupItems, findLookupRecord } from '../../db/repos/lookup.server.js';
import { isLookupSeeding } from '../../db/seeds/lookup/seed.server.js';
import {
  isLookupCategory,
  LOOKUP_DEFAULT_RESULTS,
  LOOKUP_MAX_QUERY_LENGTH,
  LOOKUP_MAX_RESULTS,
  type LookupItem,
  type LookupRecord,
} from '../../contracts/lookup.js';
import type { LookupCache } from './lookup-cache.server.js';

export interface LookupAnswer {
  body: LookupItem[] | LookupRecord | [];
  /** Only real results may be cached: an empty answer to bad input is cheap to recompute. */
  cacheable: boolean;
}

const NOTHING: LookupAnswer = { body: [], cacheable: false };

/** The university's state: suggestions from it rank first while the applicant's own state is not known. */
export const UNIVERSITY_STATE = 'UT';

/** `state` (the applicant's two-letter state or province) when it is one, else the university's. */
export function preferredState(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : UNIVERSITY_STATE;
}
/** `city` (the applicant's city) when it reads as one, lower case, else '' (no city preference). */
export function preferredCity(value: unknown): string {
  return typeof value === 'string' && value.trim().length <= MAX_CITY ? value.trim().toLowerCase() : '';
}
const MAX_CITY = 60;
const ID = /^[A-Za-z0-9][A-Za-z0-9:._-]{0,119}$/;

/** max_results: default 5 (§9), at most LOOKUP_MAX_RESULTS; anything unreadable means the default. */
export function parseMaxResults(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,4}$/.test(value)) return LOOKUP_DEFAULT_RESULTS;
  return Math.min(LOOKUP_MAX_RESULTS, Math.max(1, Number(value)));
}

/**
 * GET /lookup/find (§7): `?id=&category=` → the full record; `?query=&category=&max_results=[&state=]` → up to
 * max_results items, those in `state` (the applicant's; by default the university's) first. Input that cannot match anything (unknown category, missing or malformed text)
 * yields [] as the spec asks of every failure. Database errors are left to the caller to log.
 */
export async function answerLookup(
  knex: Knex,
  params: Record<string, unknown>,
  cache?: LookupCache<LookupAnswer>,
  now = Date.now(),
): Promise<LookupAnswer> {
  const { category, id, query } = params;
  if (!isLookupCategory(category)) return NOTHING;
  const cached = async (key: string, compute: () => Promise<LookupAnswer>) => {
    const hit = cache?.get(key, now);
    if (hit) return hit;
    // While the bundled data is still loading (first start), an answer may lack rows: keep it nowhere.
    const seeding = isLookupSeeding();
    const answer = await compute();
    if (seeding || isLookupSeeding()) return { ...answer, cacheable: false };
    cache?.set(key, answer, now);
    return answer;
  };
  if (id !== undefined && id !== '') {
    if (typeof id !== 'string' || !ID.test(id)) return NOTHING;
    return cached(`${category}|id|${id}`, async () => {
      const record = await findLookupRecord(knex, category, id);
      return record ? { body: record, cacheable: true } : NOTHING;
    });
  }
  if (typeof query !== 'string' || query.trim() === '') return NOTHING;
  const text = query.slice(0, LOOKUP_MAX_QUERY_LENGTH);
  const max = parseMaxResults(params.max_results);
  const state = preferredState(params.state);
  const city = preferredCity(params.city);
  // Keyed by the normalised text: "Alta ", "alta" and "ALTA." are one search (per preferred state and city).
  return cached(`${category}|q|${max}|${state}|${city}|${searchKey(text)}`, async () => ({
    body: await findLookupItems(knex, category, text, max, state, city),
    cacheable: true,
  }));
}
