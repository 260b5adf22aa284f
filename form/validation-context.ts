import { evaluate, visibility } from './conditions.js';
import { todayIso } from './dates.js';
import { formDefinition } from './definition.js';
import { fieldsOf } from './fields.js';
import type { Answers, FormDefinition, UiState } from './types.js';

/**
 * What validation depends on besides an answer itself: visibility, conditional requiredness, the `when`
 * of checks (all computed by the same functions that show and clear questions, so the display and the
 * validation cannot disagree) and today's date. form/validate.ts reads it.
 */
export interface ValidationContext {
  visible: Record<string, true>;
  required: Record<string, true>;
  checks: Record<string, boolean[]>;
  today: string;
  /** The applicant's account address, when the caller knows it (the server at submit), for `notOwnAddress`. */
  accountEmail: string | null;
  definition: FormDefinition;
}

export interface ValidationContextOptions {
  definition?: FormDefinition;
  ui?: UiState;
  now?: Date;
  accountEmail?: string | null;
}

/** Visibility, requiredness and check conditions for these answers, evaluated with the rules of form/conditions. */
export function validationContext(answers: Readonly<Answers>, options: ValidationContextOptions = {}): ValidationContext {
  const definition = options.definition ?? formDefinition();
  const conditionOptions = { definition, ...(options.ui ? { ui: options.ui } : {}) };
  const { effective, visible: visibleKeys } = visibility(answers, conditionOptions);
  const context: ValidationContext = {
    visible: {},
    required: {},
    checks: {},
    today: todayIso(options.now ?? new Date()),
    accountEmail: options.accountEmail ?? null,
    definition,
  };
  for (const { question } of fieldsOf('all', definition)) {
    if (!visibleKeys.has(question.key)) continue;
    context.visible[question.key] = true;
    const required = question.required;
    if (required === true || (typeof required === 'object' && evaluate(required, effective))) context.required[question.key] = true;
    if (question.checks)
      context.checks[question.key] = question.checks.map((check) => !('when' in check) || !check.when || evaluate(check.when, effective));
  }
  return context;
}
