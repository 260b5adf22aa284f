import { isIsoDate, yearsBefore } from './dates.js';
import { formDefinition } from './definition.js';
import { isEmailAddress } from './email-address.js';
import { fieldsOf, optionsFor } from './fields.js';
import { PHONE_PATTERN, SSN_PATTERN } from './formats.js';
import { FORMAT_MESSAGES, maxLengthMessage, notAnOptionMessage, requiredMessage, typeMessage } from './messages.js';
import { inputMaxLength, TEXT_MAX_LENGTH } from './limits.js';
import { resolveOptions } from './options.js';
import type { Answers, Check, FormDefinition, PageId, Question, UiState, ValidationEntry } from './types.js';
import { validationContext, type ValidationContext } from './validation-context.js';

/**
 * §5 validation for the browser: the rules of form/schema.ts read straight from the definition, without joi
 * (joi and its schema were most of the form page's JavaScript). It must return exactly what form/schema.ts's
 * `validate` returns — the same messages in the same order — which test/unit/validation-agreement.test.ts
 * checks on one table of cases and on generated answers. The server keeps validating with joi.
 *
 * The order below is joi's: for a given answer, a choice not in the list first (joi checks allowed values
 * before the type), then the type (a wrong type ends there), then the rules in the order the schema adds
 * them — the kind's own, then the checks without `when`, then those with `when` (joi applies its
 * conditional parts after the schema's own rules), a later minimum length replacing an earlier one.
 */

type Rule = (value: string) => string | undefined;

function checkRule(check: Check, context: ValidationContext): Rule {
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
 * from the answers being validated (those of the page), compared as stored: a controller value without
 * options (or of another type than text) leaves the list open, as joi's `when(...).otherwise` does.
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

/** Every message for a given (non-empty) answer, in joi's order. */
function givenMessages(question: Question, value: unknown, values: Readonly<Record<string, unknown>>, context: ValidationContext, now: Date): string[] {
  const messages: string[] = [];
  const allowed = allowedValues(question, values, now);
  if (allowed) {
    if (typeof value === 'string' && allowed.includes(value)) return messages;
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
  const checks = question.checks ?? [];
  const flags = context.checks[question.key] ?? [];
  const conditional = (check: Check) => 'when' in check && Boolean(check.when);
  const rules = kindRules(question);
  // joi keeps one minimum length per schema: a later minLength check replaces an earlier one (and moves last).
  const minimums = new Set<Rule>();
  const add = (check: Check) => {
    const rule = checkRule(check, context);
    if (check.check === 'minLength') {
      for (let i = rules.length - 1; i >= 0; i -= 1) if (minimums.has(rules[i]!)) rules.splice(i, 1);
      minimums.add(rule);
    }
    rules.push(rule);
  };
  for (const check of checks) if (!conditional(check)) add(check);
  checks.forEach((check, index) => {
    if (conditional(check) && flags[index] === true) add(check);
  });
  for (const rule of rules) {
    const message = rule(value);
    if (message !== undefined) messages.push(message);
  }
  return messages;
}

export interface CheckOptions {
  definition?: FormDefinition;
  /** Today for the age rules and the current year for year lists; defaults to the real clock. */
  now?: Date;
  ui?: UiState;
}

/**
 * §5: every message for every visible question of `page` (or all pages), duplicates removed, as
 * `{key, page, messages[]}` in definition order — the same result as form/schema.ts's `validate`.
 * Hidden questions are never validated. Missing keys (and null) count as ''; '' and false are empty.
 */
export function checkAnswers(answers: Readonly<Answers>, page: PageId | 'all' = 'all', options: CheckOptions = {}): ValidationEntry[] {
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
        : givenMessages(question, value, values, context, now);
    const unique = [...new Set(messages)];
    if (unique.length > 0) entries.push({ key: question.key, page: pageId, messages: unique });
  }
  return entries;
}
