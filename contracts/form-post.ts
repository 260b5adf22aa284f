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
  /** What else a button asks for: `update:<key>`, `add:<repeater>`, `tab:<tabs>:<item>`, `upload:<key>`. */
  action: '@action',
  /** A logged-in applicant's page: the account it was rendered for, sealed (its answers, kept after the session ended, are that account's). */
  owner: '@owner',
} as const;

export const SUBMIT_TARGET = 'submit';

/** The id of a form page's <form> element; controls outside it (the step buttons) name it in their form attribute. */
export const PAGE_FORM_ID = 'page-form';

/** The id of the multipart form posting one document question's file to the object store. */
export function uploadFormId(answerKey: string): string {
  return `upload-form-${answerKey}`;
}

/** The query parameter a form page is opened with to show one document question's upload form (no scripts). */
export const UPLOAD_QUERY = 'upload';

/**
 * The query parameter of the link that shows a conversion's status again. A link to the page's own URL with a
 * #fragment would only scroll, so the link alternates its value (1, 2, 1, …) to make each press a real load.
 */
export const STATUS_CHECK_QUERY = 'check';

export function nextStatusCheck(current: string | undefined): string {
  return current === '1' ? '2' : '1';
}

/** The route the object store redirects to after a successful upload (success_action_redirect). */
export function uploadedRoute(answerKey: string): string {
  return `/uploaded/${encodeURIComponent(answerKey)}`;
}

export type PostAction =
  | { kind: 'update'; key: string | null }
  | { kind: 'add'; repeater: string }
  | { kind: 'tab'; tabs: string; item: string }
  | { kind: 'upload'; key: string };

/** Reads the @action value of a posted form page; null when absent or not one of ours. */
export function parsePostAction(value: unknown): PostAction | null {
  if (typeof value !== 'string' || value.length > 200) return null;
  const [kind, first, second] = value.split(':');
  if (kind === 'update') return { kind: 'update', key: first ?? null };
  if (kind === 'add' && first) return { kind: 'add', repeater: first };
  if (kind === 'tab' && first && second) return { kind: 'tab', tabs: first, item: second };
  if (kind === 'upload' && first) return { kind: 'upload', key: first };
  return null;
}
