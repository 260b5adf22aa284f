import { expandBlock, repeaterInstance } from './blocks.js';
import { formDefinition } from './definition.js';
import { resolveOptions } from './options.js';
import type { FormDefinition, Group, Node, Option, PageId, Question, Rule, Tabs } from './types.js';

/** One condition a question's visibility depends on, collected from the question and everything around it. */
export type Gate =
  | { gate: 'rule'; rule: Rule }
  /** Visible only while this branch is the group's first true branch. */
  | { gate: 'branch'; group: Group; index: number }
  | { gate: 'tab'; tabs: Tabs; item: string }
  | { gate: 'instance'; repeater: string; index: number }
  /** A dependent select: visible while its controller has a value with options. */
  | { gate: 'controller'; key: string; values: readonly string[] };

/** A question as it sits in the definition: its page and every gate between it and the page. */
export interface Field {
  question: Question;
  page: PageId;
  gates: readonly Gate[];
}

/** Walks nodes in definition order; blocks are expanded and repeaters unrolled to their maximum. */
function collect(nodes: readonly Node[], page: PageId, gates: readonly Gate[], out: Field[]): void {
  const withRule = (rule: Rule | undefined): readonly Gate[] => (rule ? [...gates, { gate: 'rule', rule }] : gates);
  for (const node of nodes) {
    if ('kind' in node) {
      const own: Gate[] = node.showWhen ? [{ gate: 'rule', rule: node.showWhen }] : [];
      if (node.kind === 'dependentSelect') own.push({ gate: 'controller', key: node.controller, values: Object.keys(node.optionsByValue) });
      out.push({ question: node, page, gates: [...gates, ...own] });
    } else if ('block' in node) {
      for (const question of expandBlock(node)) out.push({ question, page, gates: withRule(node.showWhen) });
    } else if ('section' in node) {
      collect(node.children, page, withRule(node.showWhen), out);
    } else if ('group' in node) {
      node.branches.forEach((branch, index) => collect(branch.children, page, [...gates, { gate: 'branch', group: node, index }], out));
    } else if ('repeater' in node) {
      for (let index = 0; index < node.max; index += 1) {
        collect(repeaterInstance(node, index), page, [...gates, { gate: 'instance', repeater: node.repeater, index }], out);
      }
    } else if ('tabs' in node) {
      for (const item of node.items) collect(item.children, page, [...gates, { gate: 'tab', tabs: node, item: item.id }], out);
    } else if ('trigger' in node) {
      // The trigger's state is presentation only: everything under it counts as visible.
      if (node.checkbox) out.push({ question: node.checkbox, page, gates });
      collect([...node.before, ...(node.optional ?? []), ...node.after], page, gates, out);
    }
  }
}

const cache = new WeakMap<FormDefinition, readonly Field[]>();

/** Every question of the definition in definition order (pages in step order). */
export function allFields(definition: FormDefinition = formDefinition()): readonly Field[] {
  let fields = cache.get(definition);
  if (!fields) {
    const out: Field[] = [];
    for (const page of definition.pages) collect(page.children, page.id, [], out);
    fields = out;
    cache.set(definition, fields);
  }
  return fields;
}

export function fieldsOf(page: PageId | 'all', definition: FormDefinition = formDefinition()): readonly Field[] {
  const fields = allFields(definition);
  return page === 'all' ? fields : fields.filter((field) => field.page === page);
}

export function fieldByKey(key: string, definition: FormDefinition = formDefinition()): Field | undefined {
  return allFields(definition).find((field) => field.question.key === key);
}

/** The page a key is asked on (the error summary links to /{page}#{key}). */
export function pageOfKey(key: string, definition: FormDefinition = formDefinition()): PageId | undefined {
  return fieldByKey(key, definition)?.page;
}

/** Choice answers store a `<key>_desc` companion with the visible label (§3); radios unless withDesc is false. */
export function hasDescription(question: Question): boolean {
  switch (question.kind) {
    case 'select':
    case 'dependentSelect':
      return true;
    case 'radio':
      return question.withDesc !== false;
    default:
      return false;
  }
}

export const DESC_SUFFIX = '_desc';

export function descKey(key: string): string {
  return `${key}${DESC_SUFFIX}`;
}

/** The options a choice question offers for the current answers ([] for non-choice questions). */
export function optionsFor(question: Question, answers: Readonly<Record<string, unknown>>, now: Date = new Date()): readonly Option[] {
  switch (question.kind) {
    case 'select':
    case 'radio':
      return resolveOptions(question.options, now);
    case 'dependentSelect': {
      const controllerValue = String(answers[question.controller] ?? '');
      const source = Object.hasOwn(question.optionsByValue, controllerValue) ? question.optionsByValue[controllerValue] : undefined;
      return source ? resolveOptions(source, now) : [];
    }
    default:
      return [];
  }
}
