import type { Catalogue } from './translate.js';
import { ES_AUTH } from './es-auth.js';
import { ES_FORM } from './es-form.js';
import { ES_SHELL } from './es-shell.js';
import { ES_PAGES_ONLY } from './es-pages.js';
import { ES_PASSKEYS } from './es-passkeys.js';
import { ES_FAMILY } from './es-family.js';
import { ES_REPLY } from './es-reply.js';
import { ES_RECOMMENDATIONS } from './es-recommendations.js';
import { ES_DEADLINES } from './es-deadlines.js';
import { ES_LIMITS } from './es-limits.js';

/**
 * The Spanish catalogue of the applicant's pages (docs/i18n.md). ES_ISLANDS is what islands may show (it goes into
 * a Spanish page with islands as JSON, once, for all its islands); ES_PAGES adds what only the server renders.
 * The questions' Spanish is in the form definition (form/), the e-mails' in es-mail.ts.
 */
export const ES_ISLANDS: Catalogue = { ...ES_AUTH, ...ES_FORM, ...ES_SHELL, ...ES_PASSKEYS };
export const ES_PAGES: Catalogue = {
  ...ES_ISLANDS,
  ...ES_PAGES_ONLY,
  ...ES_FAMILY,
  ...ES_REPLY,
  ...ES_RECOMMENDATIONS,
  ...ES_DEADLINES,
  ...ES_LIMITS,
};
