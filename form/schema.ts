import Joi from 'joi';
import { isIsoDate, yearsBefore } from './dates.js';
import { formDefinition } from './definition.js';
import { fieldsOf, optionsFor } from './fields.js';
import { PHONE_PATTERN, SSN_PATTERN } from './formats.js';
import { FORMAT_MESSAGES, joiLiteral, maxLengthMessage, notAnOptionMessage, requiredMessage, typeMessage } from './messages.js';
import { inputMaxLength, TEXT_MAX_LENGTH } from './limits.js';
import { resolveOptions } from './options.js';
import type { Answers, Check, FormDefinition, PageId, Question, UiState, ValidationEntry } from './types.js';
import { validationContext, type ValidationContext } from './validation-context.js';

/**
 * The schema reads the answers only through joi; what depends on other answers (visibility, conditional
 * requiredness, `when` of checks) and on today's date comes in through the validation context
 * (form/validation-context.ts). The browser runs form/check-answers.ts instead, which must give the same
 * entries: test/unit/validation-agreement.test.ts runs one table of cases through both.
 */

const text = (message: string) => ({ message: joiLiteral(message) });

function dateRule(message: string): Joi.StringSchema {
  return Joi.string()
    .custom((value: string, helpers) => (isIsoDate(value) ? value : helpers.error('any.custom')))
    .rule(text(message));
}

function ageRule(check: Extract<Check, { check: 'minAge' | 'maxAge' }>): Joi.StringSchema {
  return Joi.string()
    .custom((value: string, helpers) => {
      // An impossible date is the date rule's message; the age rules speak only about real dates.
      if (!isIsoDate(value)) return value;
      const limit = yearsBefore((helpers.prefs.context as ValidationContext).today, check.years);
      const ok = check.check === 'minAge' ? value <= limit : value >= limit;
      return ok ? value : helpers.error('any.custom');
    })
    .rule(text(check.message));
}

function checkSchema(check: Check): Joi.StringSchema {
  switch (check.check) {
    case 'minLength':
      return Joi.string().min(check.min).rule(text(check.message));
    case 'pattern':
      return Joi.string().pattern(check.pattern).rule(text(check.message));
    case 'minAge':
    case 'maxAge':
      return ageRule(check);
  }
}

/** What any non-empty answer of this kind must satisfy. */
function kindSchema(question: Question, now: Date): Joi.Schema {
  const label = question.label;
  const maxLength = inputMaxLength(question);
  const string = () => Joi.string().messages({ 'string.base': joiLiteral(typeMessage(label, 'text')) });
  const limited = () => string().max(maxLength ?? TEXT_MAX_LENGTH).rule(text(maxLengthMessage(label, maxLength ?? TEXT_MAX_LENGTH)));
  const oneOf = (values: readonly string[]) => string().valid(...values).messages({ 'any.only': joiLiteral(notAnOptionMessage(label)) });
  switch (question.kind) {
    case 'text':
    case 'textarea':
    case 'autocomplete':
      return limited();
    case 'email':
      return limited().email({ tlds: false }).rule(text(question.invalidMessage ?? FORMAT_MESSAGES.email));
    case 'phone':
      return string().pattern(question.pattern ?? PHONE_PATTERN).rule(text(question.invalidMessage ?? FORMAT_MESSAGES.phone));
    case 'ssn':
      return string().pattern(SSN_PATTERN).rule(text(question.invalidMessage ?? FORMAT_MESSAGES.ssn));
    case 'date':
      return string().concat(dateRule(question.invalidMessage ?? FORMAT_MESSAGES.date));
    case 'select':
    case 'radio':
      return oneOf(resolveOptions(question.options, now).map((o) => o.value));
    case 'dependentSelect':
      return string().when(Joi.ref(`/${question.controller}`), {
        switch: Object.keys(question.optionsByValue).map((value) => ({
          is: value,
          then: oneOf(optionsFor(question, { [question.controller]: value }, now).map((o) => o.value)),
        })),
        otherwise: oneOf([]),
      });
    case 'checkbox':
      return Joi.boolean().messages({ 'boolean.base': joiLiteral(typeMessage(label, 'true or false')) });
    case 'file':
      return oneOf(['ANSWERED']).messages({ 'any.only': joiLiteral(question.invalidMessage ?? FORMAT_MESSAGES.file) });
  }
}

/** The empty answers: '' (§3) and an unticked box. */
const EMPTY = Joi.valid('', false);

/**
 * One question: skipped unless visible; an empty answer fails only when required (with the required message
 * alone); a given answer must satisfy its kind and its checks.
 */
function fieldSchema(question: Question, now: Date): Joi.Schema {
  const key = question.key;
  const required = joiLiteral(question.requiredMessage ?? requiredMessage(question.label));
  let given = kindSchema(question, now).label(question.label);
  for (const [index, check] of (question.checks ?? []).entries()) {
    given = 'when' in check && check.when ? given.when(`$checks.${key}.${index}`, { is: true, then: checkSchema(check) }) : given.concat(checkSchema(check));
  }
  const empty = Joi.alternatives().conditional(`$required.${key}`, {
    is: true,
    then: Joi.any().invalid('', false).messages({ 'any.invalid': required }),
    otherwise: Joi.any(),
  });
  const answer = Joi.alternatives().conditional(EMPTY, { then: empty, otherwise: given });
  return Joi.alternatives().conditional(`$visible.${key}`, { is: true, then: answer, otherwise: Joi.any() });
}

const schemas = new WeakMap<FormDefinition, Map<string, Joi.ObjectSchema>>();

export interface SchemaOptions {
  definition?: FormDefinition;
  /** Year lists start at the current year (§3); defaults to the real clock. */
  now?: Date;
}

/**
 * The joi schema of one page or of all pages, built from the definition (DESIGN §3). Validate with
 * `validationContext(answers)` as joi context and abortEarly false — or simply call `validate`.
 * Keys of other pages and `_desc` companions pass through (unknown keys are the API's check: unknownKeys).
 */
export function schema(page: PageId | 'all', options: SchemaOptions = {}): Joi.ObjectSchema {
  const definition = options.definition ?? formDefinition();
  const now = options.now ?? new Date();
  let perDefinition = schemas.get(definition);
  if (!perDefinition) {
    perDefinition = new Map();
    schemas.set(definition, perDefinition);
  }
  const cacheKey = `${page}:${now.getFullYear()}`;
  let built = perDefinition.get(cacheKey);
  if (!built) {
    const keys: Record<string, Joi.Schema> = {};
    for (const { question } of fieldsOf(page, definition)) keys[question.key] = fieldSchema(question, now);
    built = Joi.object(keys).unknown(true);
    perDefinition.set(cacheKey, built);
  }
  return built;
}

export interface ValidateOptions extends SchemaOptions {
  ui?: UiState;
}

/**
 * §5: every message for every visible question of `page` (or all pages), duplicates removed, as
 * `{key, page, messages[]}` in definition order. Hidden questions are never validated. Missing keys count as ''.
 */
export function validate(answers: Readonly<Answers>, page: PageId | 'all' = 'all', options: ValidateOptions = {}): ValidationEntry[] {
  const definition = options.definition ?? formDefinition();
  const fields = fieldsOf(page, definition);
  const values: Record<string, unknown> = {};
  for (const { question } of fields) values[question.key] = answers[question.key] ?? '';
  const { error } = schema(page, options).validate(values, {
    abortEarly: false,
    convert: false,
    context: validationContext(answers, options),
  });
  const messages = new Map<string, string[]>();
  for (const detail of error?.details ?? []) {
    const key = String(detail.path[0] ?? '');
    const list = messages.get(key) ?? [];
    if (!list.includes(detail.message)) list.push(detail.message);
    messages.set(key, list);
  }
  return fields.flatMap(({ question, page: pageId }) => {
    const list = messages.get(question.key);
    return list ? [{ key: question.key, page: pageId, messages: list }] : [];
  });
}
