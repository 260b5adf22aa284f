import type { Question } from './types.js';

/**
 * §5 / §9 length limits, in their own module so the form island can render maxlength attributes and
 * the textarea counter without loading the validation code (which it imports lazily); form/validate.ts
 * validates with these same numbers.
 */
export const TEXT_MAX_LENGTH = 45;
export const TEXTAREA_MAX_LENGTH = 1500;
/** §5/§9 "configured 7000": the limit this application configures on its textareas (the longest answer the API stores). */
export const TEXTAREA_CONFIGURED_MAX_LENGTH = 7000;

/**
 * The most pixels an uploaded image may have (the conversion worker refuses more:
 * workers/convert/image-limit.server.ts); the browser scales larger photos down before uploading.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;

export function inputMaxLength(question: Question): number | undefined {
  switch (question.kind) {
    case 'text':
    case 'email':
    case 'autocomplete':
      return question.maxLength ?? TEXT_MAX_LENGTH;
    case 'textarea':
      return question.maxLength ?? TEXTAREA_MAX_LENGTH;
    default:
      return undefined;
  }
}
