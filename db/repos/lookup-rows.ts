import {
  ADDRESS_RECORD_KEYS,
  SCHOOL_RECORD_KEYS,
  type AddressRecordKey,
  type LookupCategory,
  type SchoolRecordKey,
} from '../../contracts/lookup.js';
import { searchKey } from './lookup-keys.js';

/**
 * Validation of one lookup CSV row. Pure (no database), so the rules are unit-tested directly and the
 * importer only has to batch what passes.
 */

/** A school's record (contracts/lookup.ts) with its ids and search keys. */
export type SchoolImportRow = Record<SchoolRecordKey, string> & {
  public_id: string;
  source_id: string;
  name_key: string;
  search_key: string;
};

/** An address record (contracts/lookup.ts) with its id and search keys. */
export type AddressImportRow = Record<AddressRecordKey, string> & { source_id: string; line_key: string; search_key: string };

export type ImportRow = SchoolImportRow | AddressImportRow;

/** The CSV header each category needs (column order is free; extra columns are ignored). */
export function requiredColumns(category: LookupCategory): readonly string[] {
  return category === 'address' ? [...ADDRESS_RECORD_KEYS, 'source_id'] : [...SCHOOL_RECORD_KEYS, 'source_id'];
}

const LIMITS: Record<string, number> = {
  source_id: 100,
  name: 200,
  address_line_1: 200,
  address_line_2: 100,
  city: 100,
};

const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * What source data writes for "no value": NA, N/A, n.a., none, null, dashes, dots, question marks, alone
 * or repeated ("NA NA" in the sample addresses' unit columns). Stored, they would be filled into the
 * applicant's "Apt. #" and go on into the PDF, the staff view and the CSV, so they are stored as ''.
 */
const PLACEHOLDER_WORD = '(?:n/?a|n\\.a\\.?|none|null|nil|-+|\\.+|_+|\\?+)';
const PLACEHOLDER = new RegExp(`^${PLACEHOLDER_WORD}(?:\\s+${PLACEHOLDER_WORD})*$`, 'i');

/** The same test in PostgreSQL's regular expressions (case-insensitive `~*`), for the clean-up migration. */
export const PLACEHOLDER_SQL_PATTERN = `^\\s*${PLACEHOLDER_WORD}(\\s+${PLACEHOLDER_WORD})*\\s*$`;

/** True for a value that only says "nothing here" (trimmed first). */
export function isPlaceholder(value: string): boolean {
  return PLACEHOLDER.test(value.trim());
}

/** See db/migrations/020_lookup.ts: the CEEB code when there is one, else the source id. */
export function schoolPublicId(ceeb: string, sourceId: string): string {
  return ceeb ? `ceeb:${ceeb}` : sourceId;
}

/** The id a row is known by in GET /lookup/find answers, and the duplicate check of one file. */
export function publicIdOf(row: ImportRow): string {
  return 'public_id' in row ? row.public_id : row.source_id;
}

export type RowResult = { row: ImportRow } | { error: string };

/** Checks and normalises one row (values by column name). Returns the row to store or why it was refused. */
export function validateRow(category: LookupCategory, raw: Record<string, string | undefined>): RowResult {
  const v: Record<string, string> = {};
  for (const column of requiredColumns(category)) {
    const given = (raw[column] ?? '').trim().replace(/\s+/g, ' ');
    const value = isPlaceholder(given) ? '' : given;
    if (CONTROL.test(value)) return { error: `${column} contains control characters` };
    const limit = LIMITS[column];
    if (limit && value.length > limit) return { error: `${column} is longer than ${limit} characters` };
    v[column] = value;
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9:._-]*$/.test(v.source_id!))
    return { error: 'source_id is missing or has characters other than letters, digits and : . _ -' };
  const country = v.country!.toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) return { error: `country must be a two-letter code (got "${v.country}")` };
  const state = v.state!.toUpperCase();
  if (state && !/^[A-Z]{2}$/.test(state)) return { error: `state must be a two-letter code (got "${v.state}")` };
  const zip = v.zip!;
  if (zip && !(country === 'US' ? /^\d{5}(-\d{4})?$/ : /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/).test(zip)) {
    return { error: `zip is not a valid postal code (got "${zip}")` };
  }
  const place = { city: v.city!, state, zip, country };

  if (category === 'address') {
    if (!v.address_line_1) return { error: 'address_line_1 is required' };
    return {
      row: {
        source_id: v.source_id!,
        address_line_1: v.address_line_1,
        address_line_2: v.address_line_2!,
        ...place,
        ...addressKeys({ address_line_1: v.address_line_1, address_line_2: v.address_line_2!, ...place }),
      },
    };
  }
  if (!v.name) return { error: 'name is required' };
  if (!searchKey(v.name)) return { error: 'name has no letters or digits' };
  if (category === 'hs_ceeb' && !/^\d{6}$/.test(v.ceeb!)) {
    // A 5-digit code is almost always a spreadsheet that dropped the leading zero.
    return { error: `ceeb must be the 6-digit high school code (got "${v.ceeb}")` };
  }
  if (v.ceeb && !/^\d{4,6}$/.test(v.ceeb)) return { error: `ceeb must be 4 to 6 digits (got "${v.ceeb}")` };
  return {
    row: {
      public_id: schoolPublicId(v.ceeb!, v.source_id!),
      source_id: v.source_id!,
      ceeb: v.ceeb!,
      name: v.name,
      address_line_1: v.address_line_1!,
      ...place,
      ...schoolKeys({ name: v.name, city: v.city!, state }),
    },
  };
}

/** An address's search keys (the importer's, and the clean-up migration's when a placeholder is removed). */
export function addressKeys(row: { address_line_1: string; address_line_2: string; city: string; state: string; zip: string }): {
  line_key: string;
  search_key: string;
} {
  const line = [row.address_line_1, row.address_line_2].filter(Boolean).join(' ');
  return { line_key: searchKey(line), search_key: searchKey(`${line} ${row.city} ${row.state} ${row.zip}`) };
}

/** A school's search keys. */
export function schoolKeys(row: { name: string; city: string; state: string }): { name_key: string; search_key: string } {
  return { name_key: searchKey(row.name), search_key: searchKey(`${row.name} ${row.city} ${row.state}`) };
}
