import { termStart } from './admission-cycle.js';
import { isIsoDate, yearsBefore } from './dates.js';
import { formDefinition } from './definition.js';
import { isEmailAddress } from './email-address.js';
import { isOwnAddress } from './own-addresses.js';
import { fieldsOf, optionsFor } from './fields.js';
import { PHONE_PATTERN, SSN_PATTERN } from './formats.js';
import { FORMAT_MESSAGES, maxLengthMessage, notAnOptionMessage, requiredMessage, typeMessage } from './messages.js';
import { inputMaxLength, TEXT_MAX_LENGTH } from './limits.js';
import { resolveOptions } from './options.js';
import type { Answers, Check, FormDefinition, PageId, Question, UiState, ValidationEntry } from './types.js';
import { validationContext, type ValidationContext } from './validation-context.js';

/**
 * §5 validation of the answers, read straight from the definition: THE validator. The API (saving a page,
 * form posts, submit, the review page) and the form island (lazily, as its own small chunk) both call
 * `validate`, so a rule is written once, here or in the definition (ADR 0250). No library: joi and a
 * schema built from the definition were most of the form page's JavaScript (ADR 0190).
 *
 * The order of messages for a given answer: a choice not in its list first, then the type (a wrong type
 * ends there), then the kind's own rules (length limit, format), then the question's `checks` in
 * definition order (a check with `when` only while its condition holds). Duplicates are removed.
 */

type Rule = (value: string) => string | undefined;

function checkRule(check: Check, context: ValidationContext, answers: Readonly<Answers>, key: string): Rule {
  switch (check.check) {
    case 'minLength':
      return (value) => (value.length < check.min ? check.message : undefined);
    case 'pattern':
      return (value) => (check.pattern.test(value) ? undefined : check.message);
    case 'minAge':
    case 'maxAge':
      return (value) => {
        // An impossible date is the date rule's message; the age rules speak only about real dates.
        if (!isIsoDate(value)) return undefined;
        const limit = yearsBefore(context.today, check.years);
        return (check.check === 'minAge' ? value <= limit : value >= limit) ? undefined : check.message;
      };
    case 'termAfter':
      return (value) => {
        // Judged only once both the term and the whole month/year are known; the same month is given the benefit of the doubt.
        const start = termStart(value);
        const month = Number((answers as Record<string, unknown>)[check.monthKey]);
        const year = Number((answers as Record<string, unknown>)[check.yearKey]);
        if (!start || !Number.isInteger(month) || !Number.isInteger(year) || month < 1 || year < 1) return undefined;
        return year * 12 + month > start.year * 12 + start.month ? check.message : undefined;
      };
    case 'notOwnAddress':
      return (value) =>
        isOwnAddress(value, answers, { exceptKey: key, accountEmail: context.accountEmail, definition: context.definition })
          ? check.message
          : undefined;
  }
}

/** The kind's own rules on a text answer. */
function kindRules(question: Question): Rule[] {
  const limit = inputMaxLength(question) ?? TEXT_MAX_LENGTH;
  const max: Rule = (value) => (value.length > limit ? maxLengthMessage(question.label, limit) : undefined);
  const pattern =
    (regex: RegExp, message: string): Rule =>
    (value) =>
      regex.test(value) ? undefined : message;
  switch (question.kind) {
    case 'text':
    case 'textarea':
    case 'autocomplete':
      return [max];
    case 'email':
      return [max, (value) => (isEmailAddress(value) ? undefined : (question.invalidMessage ?? FORMAT_MESSAGES.email))];
    case 'phone':
      return [pattern(question.pattern ?? PHONE_PATTERN, question.invalidMessage ?? FORMAT_MESSAGES.phone)];
    case 'ssn':
      return [pattern(SSN_PATTERN, question.invalidMessage ?? FORMAT_MESSAGES.ssn)];
    case 'date':
      return [(value) => (isIsoDate(value) ? undefined : (question.invalidMessage ?? FORMAT_MESSAGES.date))];
    default:
      return [];
  }
}

/**
 * The values a choice may take, or undefined when any text goes. A dependent select reads its controller
 * from the answers being validated (those of the page, or of all pages at submit): a controller asked on
 * another page, or a value of it without a list of its own, leaves the list open (as the joi schema did,
 * ADR 0190); submit validates all pages together.
 */
function allowedValues(question: Question, values: Readonly<Record<string, unknown>>, now: Date): readonly string[] | undefined {
  switch (question.kind) {
    case 'select':
    case 'radio':
      return resolveOptions(question.options, now).map((o) => o.value);
    case 'dependentSelect': {
      const controllerValue = values[question.controller];
      if (typeof controllerValue !== 'string' || !Object.hasOwn(question.optionsByValue, controllerValue)) return undefined;
      return optionsFor(question, { [question.controller]: controllerValue }, now).map((o) => o.value);
    }
    case 'file':
      return ['ANSWERED'];
    default:
      return undefined;
  }
}

/** Every message for a given (non-empty) answer. */
function givenMessages(
  question: Question,
  value: unknown,
  values: Readonly<Record<string, unknown>>,
  answers: Readonly<Answers>,
  context: ValidationContext,
  now: Date,
): string[] {
  const messages: string[] = [];
  const allowed = allowedValues(question, values, now);
  if (allowed) {
    // A listed choice still meets the question's checks (an entry term against the graduation date).
    if (typeof value === 'string' && allowed.includes(value)) return checkMessages(question, value, answers, context);
    messages.push(question.kind === 'file' ? (question.invalidMessage ?? FORMAT_MESSAGES.file) : notAnOptionMessage(question.label));
  }
  if (question.kind === 'checkbox') {
    if (typeof value !== 'boolean') messages.push(typeMessage(question.label, 'true or false'));
    return messages;
  }
  if (typeof value !== 'string') {
    messages.push(typeMessage(question.label, 'text'));
    return messages;
  }
  for (const rule of kindRules(question)) {
    const message = rule(value);
    if (message !== undefined) messages.push(message);
  }
  return [...messages, ...checkMessages(question, value, answers, context)];
}

/** The messages of the question's `checks` (those whose `when` holds), in definition order. */
function checkMessages(question: Question, value: string, answers: Readonly<Answers>, context: ValidationContext): string[] {
  const flags = context.checks[question.key] ?? [];
  const messages: string[] = [];
  (question.checks ?? []).forEach((check, index) => {
    if (flags[index] !== true) return;
    const message = checkRule(check, context, answers, question.key)(value);
    if (message !== undefined) messages.push(message);
  });
  return messages;
}

export interface ValidateOptions {
  definition?: FormDefinition;
  /** Today for the age rules and the current year for year lists; defaults to the real clock. */
  now?: Date;
  ui?: UiState;
  /** The applicant's account address (the server knows it; the browser's island need not). */
  accountEmail?: string | null;
}

/**
 * §5: every message for every visible question of `page` (or all pages, as submit does), duplicates
 * removed, as `{key, page, messages[]}` in definition order. Hidden questions are never validated; keys
 * the definition does not know are not looked at (refusing them is the API's job: `unknownKeys`).
 * Missing keys (and null) count as ''; '' and false (an unticked box) are empty: only a required question
 * has a message then, its required message alone. Nothing is converted or trimmed: an answer is checked
 * as it is stored.
 */
export function validate(answers: Readonly<Answers>, page: PageId | 'all' = 'all', options: ValidateOptions = {}): ValidationEntry[] {
  const definition = options.definition ?? formDefinition();
  const now = options.now ?? new Date();
  const fields = fieldsOf(page, definition);
  const values: Record<string, unknown> = {};
  for (const { question } of fields) values[question.key] = (answers as Record<string, unknown>)[question.key] ?? '';
  const context = validationContext(answers, { ...options, definition, now });
  const entries: ValidationEntry[] = [];
  for (const { question, page: pageId } of fields) {
    if (!context.visible[question.key]) continue;
    const value = values[question.key];
    const messages =
      value === '' || value === false
        ? context.required[question.key]
          ? [question.requiredMessage ?? requiredMessage(question.label)]
          : []
        : givenMessages(question, value, values, answers, context, now);
    const unique = [...new Set(messages)];
    if (unique.length > 0) entries.push({ key: question.key, page: pageId, messages: unique });
  }
  return entries;
}
