import { REVIEW_ROUTE } from './routes.js';

/**
 * What a form page posts besides its answers when it is submitted without JavaScript (DESIGN §6), shared by
 * the form island (which renders the controls) and the server (which reads them). The names cannot be answer
 * keys: those are lower case letters, digits and underscores only.
 */
export const POST_FIELDS = {
  /** The answers' ETag the page was rendered with (DESIGN §7), as If-Match would carry it. */
  version: '@version',
  /** Where a step link, Continue or Submit goes: a form page's path, or SUBMIT_TARGET. */
  go: '@go',
  /**
   * What else a button asks for: `update:<key>`, `add:<repeater>`, `remove:<repeater>:<index>` (asks first),
   * `remove-yes:<repeater>:<index>`, `tab:<tabs>:<item>`, `upload:<key>`.
   */
  action: '@action',
  /** A logged-in applicant's page: the account it was rendered for, sealed (its answers, kept after the session ended, are that account's). */
  owner: '@owner',
  /** Set by the review page's Submit (REVIEW_SOURCE): the post carries no answers, so none is read from it. */
  from: '@from',
} as const;

export const SUBMIT_TARGET = 'submit';

/** The value of POST_FIELDS.from on the review page's Submit form, which posts to the last form page. */
export const REVIEW_SOURCE = 'review';

/**
 * The review page's query when its Submit was refused because the answers changed after it was shown (another tab
 * or window saved): the page says so above the answers it now shows.
 */
export const REVIEW_CHANGED_QUERY = 'changed';

/**
 * Where a button may go besides a form page and Submit (`@go`): the review page (Final steps' "Review your
 * application"), and, for a visitor, sign-up and login (the banner's and the header's actions), so that what was
 * typed on the page is posted, and kept, on the way there.
 */
export const LEAVE_TARGETS = [REVIEW_ROUTE, '/signup', '/login'] as const;
export type LeaveTarget = (typeof LEAVE_TARGETS)[number];

export function isLeaveTarget(value: unknown): value is LeaveTarget {
  return typeof value === 'string' && (LEAVE_TARGETS as readonly string[]).includes(value);
}

/** The form's error summary: a refused Submit without scripts lands on it (issue 38). */
export const ERROR_SUMMARY_ID = 'error-summary';

/** The id of a form page's <form> element; controls outside it (the step buttons) name it in their form attribute. */
export const PAGE_FORM_ID = 'page-form';

/** The id of the multipart form posting one document question's file to the object store. */
export function uploadFormId(answerKey: string): string {
  return `upload-form-${answerKey}`;
}

/** The query parameter a form page is opened with to show one document question's upload form (no scripts). */
export const UPLOAD_QUERY = 'upload';

/**
 * A school search without scripts: `?lookup=<the school question's key>&q=<text>` lists the matching schools under
 * the question (a GET that changes nothing); each is a submit button `@action=choose:<key>:<record id>`.
 */
export const LOOKUP_QUERY = 'lookup';
export const LOOKUP_TEXT_QUERY = 'q';

/** The id of the GET form that searches again (its controls sit in the page form's markup, by form attribute). */
export function lookupFormId(answerKey: string): string {
  return `lookup-form-${answerKey}`;
}

/** The id of the list of matches. */
export function lookupResultsId(answerKey: string): string {
  return `${answerKey}-results`;
}

/** The fragment a search lands on: the question's label (islands/autocomplete/AutocompleteInput.tsx), above the list. */
export function lookupLandingId(answerKey: string): string {
  return `${answerKey}-label`;
}

/**
 * The query parameter of the link that shows a conversion's status again. A link to the page's own URL with a
 * #fragment would only scroll, so the link alternates its value (1, 2, 1, …) to make each press a real load.
 */
export const STATUS_CHECK_QUERY = 'check';

export function nextStatusCheck(current: string | undefined): string {
  return current === '1' ? '2' : '1';
}

/**
 * Without scripts, a tab switch that would delete uploaded documents first shows the page with
 * `?switch=<tabs>:<item>`: the question naming the files, "Switch and remove …" (`@action=switch:<tabs>:<item>`)
 * and "Keep it" (issue 38). A GET that changes nothing.
 */
export const TAB_SWITCH_QUERY = 'switch';

/** The fragment the question lands on. */
export function tabSwitchId(tabs: string): string {
  return `${tabs}-switch`;
}

/** The question shown (page data): the switch asked for and the names of the files it would remove. */
export interface TabSwitchQuestion {
  tabs: string;
  item: string;
  files: string[];
}

/** The route the object store redirects to after a successful upload (success_action_redirect). */
export function uploadedRoute(answerKey: string): string {
  return `/uploaded/${encodeURIComponent(answerKey)}`;
}

/**
 * Without scripts, an add-another entry's Remove opens the page with `?remove=<repeater>:<index>`: the entry then
 * shows its confirmation ("Remove High School 2?") with the button that removes it (issue 38).
 */
export const REMOVE_QUERY = 'remove';

export function removeQueryValue(repeater: string, index: number): string {
  return `${repeater}:${index}`;
}

/** The entry a `?remove=` value names, or null. */
export function parseRemoveQuery(value: unknown): { repeater: string; index: number } | null {
  if (typeof value !== 'string') return null;
  const match = /^([a-z0-9_-]{1,80}):([0-9])$/.exec(value);
  return match ? { repeater: match[1]!, index: Number(match[2]) } : null;
}

/** The id of an entry's confirmation box (without scripts), where the page lands to ask. */
export function removeConfirmId(repeater: string, index: number): string {
  return `${repeater}-${index}-remove`;
}

export type PostAction =
  | { kind: 'update'; key: string | null }
  | { kind: 'add'; repeater: string }
  | { kind: 'remove'; repeater: string; index: number; confirmed: boolean }
  | { kind: 'tab'; tabs: string; item: string }
  /** A tab switch the applicant confirmed after being told which uploaded documents it removes (issue 38). */
  | { kind: 'switch'; tabs: string; item: string }
  | { kind: 'upload'; key: string }
  | { kind: 'lookup'; key: string }
  | { kind: 'choose'; key: string; id: string }
  /** "My school is not listed" (issue 38): the block's hand-entry fields, any looked-up values cleared. */
  | { kind: 'manual'; key: string };

/** Reads the @action value of a posted form page; null when absent or not one of ours. */
export function parsePostAction(value: unknown): PostAction | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const [kind, first, second, ...rest] = value.split(':');
  if (kind === 'lookup' && first) return { kind: 'lookup', key: first };
  if (kind === 'manual' && first) return { kind: 'manual', key: first };
  // A lookup record's id may itself hold colons: everything after the key.
  if (kind === 'choose' && first && second) return { kind: 'choose', key: first, id: [second, ...rest].join(':') };
  if (kind === 'update') return { kind: 'update', key: first ?? null };
  if (kind === 'add' && first) return { kind: 'add', repeater: first };
  if ((kind === 'remove' || kind === 'remove-yes') && first && second && /^[0-9]$/.test(second)) {
    return { kind: 'remove', repeater: first, index: Number(second), confirmed: kind === 'remove-yes' };
  }
  if (kind === 'tab' && first && second) return { kind: 'tab', tabs: first, item: second };
  if (kind === 'switch' && first && second) return { kind: 'switch', tabs: first, item: second };
  if (kind === 'upload' && first) return { kind: 'upload', key: first };
  return null;
}

/**
 * Without scripts, a post whose changed school or address name cleared its block's looked-up fields (§4) opens the
 * page with `?cleared=<search key>:<key>,<key>;…`, and "My school is not listed" with `?manual=<search key>`: the page
 * says so at the search (issue 38). The keys are checked against the definition where the page reads them.
 */
export const LOOKUP_CLEARED_QUERY = 'cleared';
export const LOOKUP_MANUAL_QUERY = 'manual';

export function clearedQueryValue(cleared: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(cleared)
    .map(([key, keys]) => `${key}:${keys.join(',')}`)
    .join(';');
}

export function parseClearedQuery(value: unknown): Record<string, string[]> {
  if (typeof value !== 'string' || value.length > 1000) return {};
  const out: Record<string, string[]> = {};
  for (const part of value.split(';')) {
    const match = /^([a-z0-9_]{1,80}):([a-z0-9_,]{1,800})$/.exec(part);
    if (match) out[match[1]!] = match[2]!.split(',').filter(Boolean);
  }
  return out;
}

/** What a form page says at a search after such a post: which fields were cleared ('' for none), whether "not listed" was chosen. */
export interface LookupNotice {
  key: string;
  message: string;
  manual: boolean;
}
