/**
 * The contract of GET /lookup/find (SPEC §3 lookup item, §7) shared by the server, the importer and
 * the autocomplete of the form island. Plain data, no React and no server code, so both sides import it.
 */

export const LOOKUP_CATEGORIES = ['hs_ceeb', 'college_ceeb', 'address'] as const;
export type LookupCategory = (typeof LOOKUP_CATEGORIES)[number];
export type SchoolCategory = Exclude<LookupCategory, 'address'>;

export function isLookupCategory(value: unknown): value is LookupCategory {
  return typeof value === 'string' && (LOOKUP_CATEGORIES as readonly string[]).includes(value);
}

/** §2 school block fields, in the order of the block. */
export const SCHOOL_RECORD_KEYS = ['name', 'address_line_1', 'city', 'state', 'zip', 'ceeb', 'country'] as const;
/** §2 address block fields. */
export const ADDRESS_RECORD_KEYS = ['address_line_1', 'address_line_2', 'city', 'state', 'zip', 'country'] as const;

export type SchoolRecordKey = (typeof SCHOOL_RECORD_KEYS)[number];
export type AddressRecordKey = (typeof ADDRESS_RECORD_KEYS)[number];
export type RecordKey = SchoolRecordKey | AddressRecordKey;

export function recordKeys(category: LookupCategory): readonly RecordKey[] {
  return category === 'address' ? ADDRESS_RECORD_KEYS : SCHOOL_RECORD_KEYS;
}

/** The record field that holds what the applicant typed: the school's name or the street line. */
export function mainRecordKey(category: LookupCategory): 'name' | 'address_line_1' {
  return category === 'address' ? 'address_line_1' : 'name';
}

/** One suggestion (§3): id, text, sub_text, plus the record's name (schools) or address_line_1 (addresses). */
export interface LookupItem {
  id: string;
  text: string;
  sub_text: string;
  name?: string;
  address_line_1?: string;
}

/** The full record of GET /lookup/find?id=&category=, read by the key names of its category. */
export type LookupRecord = { id: string } & Partial<Record<RecordKey, string>>;

/** §9: five suggestions by default; more than ten is never useful in a dropdown. */
export const LOOKUP_DEFAULT_RESULTS = 5;
export const LOOKUP_MAX_RESULTS = 10;
/** §9: search debounced 200 ms with a maximum wait of 500 ms. */
export const LOOKUP_DEBOUNCE_MS = 200;
export const LOOKUP_MAX_WAIT_MS = 500;
/** Longer queries add nothing to a name search and only cost trigram work. */
export const LOOKUP_MAX_QUERY_LENGTH = 100;

/** §4: shown when a school was typed rather than picked (never for addresses). */
export const MANUAL_ENTRY_MESSAGE = 'Enter your school information below.';

/**
 * §4 "choosing a suggestion fills the block from the lookup": the answers a picked record gives, by the question's
 * `fills` (record field → answer key, from the form definition), '' where the record has no value. The island's
 * autocomplete and the search without scripts (server/form-post/school-search.server.ts) both fill through it.
 */
export function answersFromRecord(fills: Readonly<Record<string, string>>, record: LookupRecord): Record<string, string> {
  return Object.fromEntries(Object.entries(fills).map(([field, key]) => [key, record[field as RecordKey] ?? '']));
}

/** A school search without scripts (DESIGN §6): the question searched, the text, and the matches to choose from. */
export interface SchoolSearch {
  key: string;
  query: string;
  items: LookupItem[];
}
