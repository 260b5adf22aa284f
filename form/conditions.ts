import { formDefinition } from './definition.js';
import { allFields, descKey, type Field, type Gate } from './fields.js';
import type { AnswerValue, Answers, Condition, FormDefinition, Group, Rule, UiState } from './types.js';

type Scalar = string | number | boolean;

/**
 * Answered means: present and neither '' (§3 empty answer) nor false (an unticked box). Whitespace is an
 * answer like any other text, as for the required check of form/validate.ts.
 */
export function isAnswered(value: AnswerValue | null | undefined): boolean {
  return value !== undefined && value !== null && value !== '' && value !== false;
}

/** Values compare as text, so a target of 2 equals the stored answer '2', and true equals a ticked box. */
function same(value: AnswerValue | undefined, target: Scalar): boolean {
  return String(value ?? '') === String(target);
}

function asNumber(value: AnswerValue | Scalar | undefined): number | undefined {
  if (value === undefined || value === '' || typeof value === 'boolean') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** lt/lte/gt/gte compare numbers; an unanswered or non-numeric answer (or target) never matches. */
function compare(value: AnswerValue | undefined, target: Condition['target'], test: (a: number, b: number) => boolean): boolean {
  const a = asNumber(value);
  const b = Array.isArray(target) ? undefined : asNumber(target as Scalar | undefined);
  return a !== undefined && b !== undefined && test(a, b);
}

function targets(target: Condition['target']): readonly Scalar[] {
  if (target === undefined) return [];
  return Array.isArray(target) ? target : [target as Scalar];
}

/** §4: the answer named by valueKey against target with one of the 10 operators; `all`/`any` combine rules. */
export function evaluate(rule: Rule, answers: Readonly<Answers>): boolean {
  if ('all' in rule) return rule.all.every((r) => evaluate(r, answers));
  if ('any' in rule) return rule.any.some((r) => evaluate(r, answers));
  const value = answers[rule.valueKey];
  switch (rule.operator) {
    case 'equals':
      return rule.target !== undefined && !Array.isArray(rule.target) && same(value, rule.target as Scalar);
    case 'notEquals':
      return !(rule.target !== undefined && !Array.isArray(rule.target) && same(value, rule.target as Scalar));
    case 'lt':
      return compare(value, rule.target, (a, b) => a < b);
    case 'lte':
      return compare(value, rule.target, (a, b) => a <= b);
    case 'gt':
      return compare(value, rule.target, (a, b) => a > b);
    case 'gte':
      return compare(value, rule.target, (a, b) => a >= b);
    case 'answered':
      return isAnswered(value);
    case 'notAnswered':
      return !isAnswered(value);
    case 'in':
      return targets(rule.target).some((t) => same(value, t));
    case 'notIn':
      return !targets(rule.target).some((t) => same(value, t));
  }
}

/** The index of the group's first true branch, or -1 when none holds (§4 groups). */
export function activeBranch(group: Group, answers: Readonly<Answers>): number {
  return group.branches.findIndex((branch) => evaluate(branch.when, answers));
}

export interface ConditionOptions {
  definition?: FormDefinition;
  /** Add-another counts and chosen tabs; unknown ones leave every instance and tab visible. */
  ui?: UiState;
}

function gateHolds(gate: Gate, answers: Readonly<Answers>, ui: UiState | undefined): boolean {
  switch (gate.gate) {
    case 'rule':
      return evaluate(gate.rule, answers);
    case 'branch':
      return activeBranch(gate.group, answers) === gate.index;
    case 'tab': {
      const chosen = ui?.tabs?.[gate.tabs.tabs];
      return chosen === undefined || chosen === gate.item;
    }
    case 'instance': {
      const count = ui?.addAnother?.[gate.repeater];
      return count === undefined || gate.index < count;
    }
    case 'controller':
      return gate.values.includes(String(answers[gate.key] ?? ''));
  }
}

function isVisible(field: Field, answers: Readonly<Answers>, ui: UiState | undefined): boolean {
  return field.gates.every((gate) => gateHolds(gate, answers, ui));
}

function clearKey(answers: Answers, key: string): boolean {
  let changed = false;
  for (const k of [key, descKey(key)]) {
    if (Object.hasOwn(answers, k) && answers[k] !== '') {
      answers[k] = '';
      changed = true;
    }
  }
  return changed;
}

/**
 * §4 clearing, the one rule used by the island, the server, the staff view and the PDF. Returns new answers in
 * which every hidden question (hidden section, losing group branch, dependent select without a controller value,
 * unchosen tab or instance beyond the count when `ui` says so) is '' together with its `_desc`. Clearing can hide
 * more questions (e.g. spouse_forces → veteran_relation), so it repeats until nothing changes.
 * With `previous` answers, a dependent select whose controller changed is cleared too (and its `_desc`) — unless
 * its own value also changed, i.e. the applicant already chose again for the new controller value.
 * Keys absent from `answers` stay absent.
 */
export function clearHidden(answers: Readonly<Answers>, previous?: Readonly<Answers>, options: ConditionOptions = {}): Answers {
  const fields = allFields(options.definition ?? formDefinition());
  const current: Answers = { ...answers };
  if (previous) {
    for (const { question } of fields) {
      if (question.kind !== 'dependentSelect') continue;
      const controllerMoved = String(previous[question.controller] ?? '') !== String(current[question.controller] ?? '');
      const ownUnchanged = String(previous[question.key] ?? '') === String(current[question.key] ?? '');
      if (controllerMoved && ownUnchanged) clearKey(current, question.key);
    }
  }
  for (let pass = 0; pass <= fields.length; pass += 1) {
    let changed = false;
    for (const field of fields) {
      if (!isVisible(field, current, options.ui)) changed = clearKey(current, field.question.key) || changed;
    }
    if (!changed) break;
  }
  return current;
}

/** The answers after clearing and the keys of the visible questions, computed together. */
export function visibility(answers: Readonly<Answers>, options: ConditionOptions = {}): { effective: Answers; visible: Set<string> } {
  const fields = allFields(options.definition ?? formDefinition());
  const effective = clearHidden(answers, undefined, options);
  const visible = new Set<string>();
  for (const field of fields) if (isVisible(field, effective, options.ui)) visible.add(field.question.key);
  return { effective, visible };
}

/** §4 conditional display: the keys of the questions visible for these answers (hidden answers count as cleared). */
export function relevant(answers: Readonly<Answers>, options: ConditionOptions = {}): Set<string> {
  return visibility(answers, options).visible;
}
