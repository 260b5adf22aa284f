/**
 * The base of the validation tables (test/unit/validation.test.ts, ADR 0250): a fixed "today", the valid
 * application every form case patches, and the helpers that build expected entries from the definition's
 * labels and form/messages.ts, never retyped.
 */
import { fieldByKey } from '../../form/fields.js';
import { OPEN_ENTRY_TERM } from '../fixtures/complete-answers.js';
import { maxLengthMessage, notAnOptionMessage, parentMessages, requiredMessage, typeMessage } from '../../form/messages.js';
import type { Answers, FormDefinition, PageId, UiState, ValidationEntry } from '../../form/types.js';

/** A fixed "today" for the age rules of §5 and the year lists: 22 November 2026, noon. */
export const NOW = new Date(2026, 10, 22, 12, 0, 0);

/** A complete, valid application (no message on any page): each case changes a few things. */
export const VALID: Answers = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  birth_date: '2008-03-04',
  gender: 'F',
  phone_home: '(801) 555-1234',
  address_line_1: '12 Main St',
  city: 'Boise',
  state: 'ID',
  zip: '83702',
  country: 'US',
  parent_communication_preference: '1',
  parent_email_address: 'parent@example.com',
  parent_phone: '(208) 555-2345',
  entry_term: OPEN_ENTRY_TERM.value,
  applied_major: 'CS-BS',
  hs_name: 'Alta High School',
  counselor_waiver_request: 'Y',
  legal_agree: true,
};

export interface FormCase {
  name: string;
  /** Answers as they may arrive (JSON can hold numbers, objects, arrays, null). */
  answers: Record<string, unknown>;
  page: PageId | 'all';
  ui?: UiState;
  definition?: FormDefinition;
  expected: ValidationEntry[];
}

export function labelOf(key: string, definition?: FormDefinition): string {
  const field = fieldByKey(key, definition);
  if (!field) throw new Error(`No question ${key}`);
  return field.question.label;
}

export const pageOf = (key: string, definition?: FormDefinition): PageId => fieldByKey(key, definition)!.page;
/** One expected entry. */
export const entry = (key: string, ...messages: string[]): ValidationEntry => ({ key, page: pageOf(key), messages });
export const required = (key: string) => requiredMessage(labelOf(key));
export const notAnOption = (key: string) => notAnOptionMessage(labelOf(key));
export const notText = (key: string) => typeMessage(labelOf(key), 'text');
export const notBoolean = (key: string) => typeMessage(labelOf(key), 'true or false');
export const tooLong = (key: string, limit: number) => maxLengthMessage(labelOf(key), limit);

export const p1 = parentMessages(1);
export const p2 = parentMessages(2);

/** The valid answers with a patch, validated on `page`. */
export function on(
  page: PageId | 'all',
  name: string,
  patch: Record<string, unknown>,
  expected: ValidationEntry[],
  extra: Partial<FormCase> = {},
): FormCase {
  return { name, answers: { ...VALID, ...patch }, page, expected, ...extra };
}
