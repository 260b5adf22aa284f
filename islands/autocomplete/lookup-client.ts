import { LOOKUP_DEFAULT_RESULTS, type LookupCategory, type LookupItem, type LookupRecord } from '../../contracts/lookup.js';

export const LOOKUP_ENDPOINT = '/lookup/find';

function isItem(value: unknown): value is LookupItem {
  const v = value as LookupItem;
  return typeof v === 'object' && v !== null && typeof v.id === 'string' && typeof v.text === 'string' && typeof v.sub_text === 'string';
}

/**
 * Suggestions for typed text. Any failure (network, 429, 5xx, an unexpected body) is an empty list:
 * §8 "Lookup failures are swallowed silently with fallbacks". Only an abort is thrown, so the caller
 * can tell a cancelled search from a search that found nothing.
 */
export async function searchLookup(
  category: LookupCategory,
  query: string,
  signal: AbortSignal,
  place: { state?: string | undefined; city?: string | undefined } = {},
): Promise<LookupItem[]> {
  const { state, city } = place;
  const params = new URLSearchParams({ query, category, max_results: String(LOOKUP_DEFAULT_RESULTS) });
  // The applicant's state ranks its schools and addresses first (the server falls back to the university's),
  if (state && /^[A-Za-z]{2}$/.test(state)) params.set('state', state);
  // Then the applicant's city (issue 38: "Palmer" from Colorado Springs is the school there).
  if (city?.trim()) params.set('city', city.trim());
  try {
    const res = await fetch(`${LOOKUP_ENDPOINT}?${params}`, { signal, headers: { Accept: 'application/json' } });
    if (!res.ok) return [];
    const body: unknown = await res.json();
    return Array.isArray(body) ? body.filter(isItem) : [];
  } catch (err) {
    if (signal.aborted) throw err;
    return [];
  }
}

/** The full record of a picked suggestion, or null when it cannot be had (the caller keeps the label). */
export async function fetchLookupRecord(category: LookupCategory, id: string): Promise<LookupRecord | null> {
  const params = new URLSearchParams({ id, category });
  try {
    const res = await fetch(`${LOOKUP_ENDPOINT}?${params}`, { headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as LookupRecord | unknown[];
    return !Array.isArray(body) && typeof body === 'object' && body !== null && body.id === id ? body : null;
  } catch {
    return null;
  }
}
