import type { AppServices } from '../../platform/app-services.server.js';
import type { Answers, PageId, Question } from '../../form/types.js';
import { fieldByKey } from '../../form/fields.js';
import { findLookupItems, findLookupRecord } from '../../db/repos/lookup.server.js';
import {
  answersFromRecord,
  LOOKUP_MAX_QUERY_LENGTH,
  LOOKUP_MAX_RESULTS,
  type LookupItem,
  type SchoolSearch,
} from '../../contracts/lookup.js';
import { LOOKUP_QUERY, LOOKUP_TEXT_QUERY, lookupLandingId } from '../../contracts/form-post.js';
import { preferredCity, preferredState } from '../lookup/lookups.server.js';

type SearchQuestion = Extract<Question, { kind: 'autocomplete' }>;

/**
 * The school question `key` of `page`, from the definition (its category and the block fields it fills), or null:
 * not a key of ours, another page's, or the address search (typing an address needs no list to choose from).
 */
export function schoolQuestion(page: PageId, key: unknown): SearchQuestion | null {
  if (typeof key !== 'string') return null;
  const field = fieldByKey(key);
  if (!field || field.page !== page || field.question.kind !== 'autocomplete' || field.question.category === 'address') return null;
  return field.question;
}

/**
 * Where the page's Search button leads (a GET: the list of matches under the question), scrolled to the question's
 * label so the name searched for stays in view above the list.
 */
export function searchLocation(pagePath: string, key: string, text: unknown): string {
  const query = new URLSearchParams({ [LOOKUP_QUERY]: key, [LOOKUP_TEXT_QUERY]: typeof text === 'string' ? text.trim() : '' });
  return `${pagePath}?${query.toString()}#${lookupLandingId(key)}`;
}

/**
 * The school search without scripts (DESIGN §6): `?lookup=<key>&q=<text>` on a form page lists the schools the
 * autocomplete would suggest for that text (up to the most it ever lists, the applicant's state, then city, first). Reading
 * only: choosing one is a POST (chosenSchool). A failed search lists nothing, as GET /lookup/find answers [] (§7).
 */
export async function searchSchools(
  services: AppServices,
  page: PageId,
  search: Readonly<Record<string, string>>,
  answers: Readonly<Answers>,
): Promise<SchoolSearch | null> {
  const question = schoolQuestion(page, search[LOOKUP_QUERY]);
  if (!question) return null;
  const query = (search[LOOKUP_TEXT_QUERY] ?? '').trim().slice(0, LOOKUP_MAX_QUERY_LENGTH);
  let items: LookupItem[] = [];
  if (query !== '') {
    try {
      items = await findLookupItems(
        services.db.knex,
        question.category,
        query,
        LOOKUP_MAX_RESULTS,
        preferredState(answers.state),
        preferredCity(answers.city),
      );
    } catch (err) {
      services.logger.error({ err }, 'lookup failed');
    }
  }
  return { key: question.key, query, items };
}

/**
 * "Choose" on a listed school (`@action=choose:<key>:<id>`): the answers the record fills, exactly as the
 * autocomplete's pick fills them (answersFromRecord over the question's `fills`); null when the record is gone.
 */
export async function chosenSchool(services: AppServices, page: PageId, key: string, id: string): Promise<Answers | null> {
  const question = schoolQuestion(page, key);
  if (!question) return null;
  const record = await findLookupRecord(services.db.knex, question.category, id);
  return record ? answersFromRecord(question.fills, record) : null;
}
