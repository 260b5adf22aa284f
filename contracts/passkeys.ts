import type { ReviewPageData } from './page-data.js';

/**
 * Passkeys (issue 41, ADR 0340): where the browser and the server meet, and the English texts of the /passkeys page
 * and of adding and removing a passkey (PASSKEY_TEXTS), for the page, its island and the server's answers alike. The
 * sign-in's texts are in contracts/passkey-sign-in.ts (PASSKEY_SIGN_IN_TEXTS): /login loads only those.
 */

/** The applicant's page: their passkeys, adding one, removing one (logged-in applicants only, like /your-data). */
export const PASSKEYS_ROUTE = '/passkeys';
/** `?remove=<id>` on the page asks to confirm removing that passkey (a GET that changes nothing). */
export const PASSKEY_REMOVE_QUERY = 'remove';
/** The plain form post that removes one (field `id`), answered with a redirect to the page. */
export const PASSKEY_REMOVE_PATH = '/passkeys/remove';

/** JSON calls of a logged-in applicant adding a passkey: the options (a new challenge), then the browser's answer. */
export const PASSKEY_REGISTER_OPTIONS_PATH = '/api/passkeys/registration-options';
export const PASSKEY_REGISTER_PATH = '/api/passkeys';

/** A passkey's name as the applicant gives it: shown in their list only. */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** A passkey as the page lists it. Times are ISO strings; the page shows them in the university's time zone. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * English, kept as data and shown through t() (docs/i18n.md): the Spanish is in contracts/i18n/es-shell-passkeys.ts,
 * which a Spanish page receives as JSON, never in a script. `{{placeholders}}` are filled where shown.
 */
export const PASSKEY_TEXTS = {
  // The account menu and the page.
  menuLink: 'Passkeys',
  pageTitle: 'Passkeys',
  intro:
    'A passkey lets you sign in with your fingerprint, face, screen lock or security key instead of your password. Your password keeps working too.',
  listTitle: 'Your passkeys',
  none: 'You have no passkeys yet.',
  created: 'Added',
  lastUsed: 'Last used',
  neverUsed: 'Not used yet',
  remove: 'Remove',
  removeLabel: 'Remove {{name}}',
  back: 'Back to your application',
  // Adding one.
  addTitle: 'Add a passkey',
  nameLabel: 'Name for this passkey (optional)',
  nameHint: 'For example "My phone", so you can tell your passkeys apart.',
  addButton: 'Add a passkey',
  adding: 'Waiting for your device…',
  added: 'Your passkey has been added. Next time you can sign in with it.',
  defaultName: 'Passkey {{count}}',
  // Removing one: the confirmation.
  confirmTitle: 'Remove this passkey?',
  confirmText: 'You will no longer be able to sign in with "{{name}}". Your password and your other passkeys keep working.',
  confirmButton: 'Remove passkey',
  keepButton: 'Keep it',
  removed: 'The passkey has been removed.',
  notFound: 'That passkey is not in your list (it may have been removed already).',
  // Without JavaScript or without support.
  needsScripts:
    'Passkeys need JavaScript, which is turned off in this browser. You can still sign in with your email and password, and remove passkeys here.',
  unsupported: 'This browser cannot use passkeys. You can still sign in with your email and password.',
  // Refusals.
  addRefused: 'We could not add that passkey. Please try again.',
  alreadyAdded: 'That passkey is already added to an account.',
  onThisDevice: 'This device already holds a passkey for your account: it is in your list above.',
  tooMany: 'You can have at most {{max}} passkeys. Remove one before adding another.',
  addCancelled: 'No passkey was added. You can try again.',
  badRequest: 'The request is not a passkey answer this site can read.',
} as const;

/** /passkeys's page data: the shell's (as /your-data's), the account's passkeys, and the one asked to remove. */
export interface PasskeysPageData extends ReviewPageData {
  passkeys: PasskeySummary[];
  /** `?remove=<id>` naming one of the account's passkeys: the page asks to confirm removing it. */
  confirmRemove: PasskeySummary | null;
}
