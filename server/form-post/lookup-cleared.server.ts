import type { Answers, Page, PageId } from '../../form/types.js';
import { fieldByKey } from '../../form/fields.js';
import { answeredFills, ceebKey, clearedAfterPostMessage, lookupQuestion, otherFills } from '../../form/lookup-clear.js';
import { isAnswered } from '../../form/conditions.js';
import { formDefinition } from '../../form/definition.js';
import type { Lang } from '../../form/lang.js';
import { translator } from '../../contracts/i18n/translate.js';
import { ES_ISLANDS } from '../../contracts/i18n/es-catalogue.js';
import {
  clearedQueryValue,
  LOOKUP_CLEARED_QUERY,
  LOOKUP_MANUAL_QUERY,
  lookupLandingId,
  parseClearedQuery,
  type LookupNotice,
  type PostAction,
} from '../../contracts/form-post.js';

/** The school question of `page` that "My school is not listed" names, or null (addresses have no such choice). */
function manualQuestion(page: PageId, key: string) {
  const q = lookupQuestion(key);
  return q && q.category !== 'address' && fieldByKey(key)?.page === page ? q : null;
}

/**
 * "My school is not listed" without scripts (issue 38): a block holding a picked school (its CEEB code is set) has
 * its looked-up fields cleared, as typing over the pick would; the name stays for the applicant to correct.
 */
export function notListedChanges(
  page: PageId,
  action: PostAction | null,
  merged: Readonly<Answers>,
): { key: string; cleared: string[] } | null {
  if (action?.kind !== 'manual') return null;
  const q = manualQuestion(page, action.key);
  if (!q) return null;
  const ceeb = ceebKey(q);
  return { key: q.key, cleared: ceeb && isAnswered(merged[ceeb]) ? answeredFills(q, merged) : [] };
}

/**
 * Where a post that cleared looked-up fields, or chose "not listed", leads: the page again saying so at the search
 * (whatever button was pressed: the applicant is told before moving on), scrolled to the search's label. Null when
 * neither happened.
 */
export function clearedLocation(page: Page, cleared: Readonly<Record<string, readonly string[]>>, manual: string | null): string | null {
  const changed = Object.fromEntries(Object.entries(cleared).filter(([, keys]) => keys.length > 0));
  if (Object.keys(changed).length === 0 && !manual) return null;
  const query = new URLSearchParams();
  if (Object.keys(changed).length > 0) query.set(LOOKUP_CLEARED_QUERY, clearedQueryValue(changed));
  if (manual) query.set(LOOKUP_MANUAL_QUERY, manual);
  // The search's label: the notice and the manual-entry message under it, the hand-entry fields after them.
  const at = manual ?? Object.keys(changed)[0]!;
  return `${page.path}?${query.toString()}#${lookupLandingId(at)}`;
}

/** A redirect (the school search's list) that also says at the search what the post cleared. */
export function withClearedQuery<T extends { kind: string; location?: string }>(
  outcome: T,
  cleared: Readonly<Record<string, readonly string[]>>,
): T {
  if (outcome.kind !== 'redirect' || !outcome.location) return outcome;
  const [path = '', hash] = outcome.location.split('#');
  const joiner = path.includes('?') ? '&' : '?';
  const value = encodeURIComponent(clearedQueryValue(cleared));
  return { ...outcome, location: `${path}${joiner}${LOOKUP_CLEARED_QUERY}=${value}${hash ? `#${hash}` : ''}` };
}

/** The notices `?cleared=` and `?manual=` ask the page to show, only for this page's searches and their own fields. */
export function lookupNotices(page: PageId, search: Readonly<Record<string, string>>, lang: Lang = 'en'): LookupNotice[] {
  const say = translator(lang, ES_ISLANDS);
  const definition = formDefinition(lang);
  const cleared = parseClearedQuery(search[LOOKUP_CLEARED_QUERY]);
  const manual = search[LOOKUP_MANUAL_QUERY];
  const searches = new Set([...Object.keys(cleared), ...(manual ? [manual] : [])]);
  const out: LookupNotice[] = [];
  for (const key of searches) {
    const q = lookupQuestion(key);
    if (!q || fieldByKey(key)?.page !== page) continue;
    const own = new Set(otherFills(q));
    const keys = (cleared[key] ?? []).filter((k) => own.has(k));
    const chosen = key === manual && manualQuestion(page, key) !== null;
    // Worded here, in the page's language, so the form island carries no text it shows only after a post without scripts.
    out.push({ key, message: keys.length > 0 ? clearedAfterPostMessage(q, keys, say, definition, chosen) : '', manual: chosen });
  }
  return out;
}
