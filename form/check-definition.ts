import { expandBlock, repeaterInstance } from './blocks.js';
import { PAGE_IDS } from './definition.js';
import { allFields, DESC_SUFFIX } from './fields.js';
import { isNamedList } from './options.js';
import type { FormDefinition, Node, OptionsSource, Question, Rule } from './types.js';
import { defaultCount } from './ui-defaults.js';

/** §9: an add-another repeater holds at most 10 components. */
export const ADD_ANOTHER_MAX = 10;

/** Data-model keys are lower snake_case; `_desc` is reserved for the companions of choice answers (§3). */
const KEY_FORMAT = /^[a-z][a-z0-9_]*$/;

/** The §5 configuration errors, all of them at once. */
export class DefinitionError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`The form definition has ${problems.length} configuration error(s):\n- ${problems.join('\n- ')}`);
    this.name = 'DefinitionError';
    this.problems = problems;
  }
}

function ruleKeys(rule: Rule): string[] {
  if ('all' in rule) return rule.all.flatMap(ruleKeys);
  if ('any' in rule) return rule.any.flatMap(ruleKeys);
  return [rule.valueKey];
}

/** Calls `visit` for every node, with repeaters unrolled to their instances as the pages show them. */
function eachNode(nodes: readonly Node[], visit: (node: Node) => void): void {
  for (const node of nodes) {
    visit(node);
    if ('section' in node) eachNode(node.children, visit);
    else if ('group' in node) node.branches.forEach((branch) => eachNode(branch.children, visit));
    else if ('repeater' in node)
      for (let i = 0; i < Math.min(node.max, ADD_ANOTHER_MAX); i += 1) eachNode(repeaterInstance(node, i), visit);
    else if ('tabs' in node) node.items.forEach((item) => eachNode(item.children, visit));
    else if ('trigger' in node) eachNode([...node.before, ...(node.optional ?? []), ...node.after], visit);
  }
}

function optionSources(question: Question): OptionsSource[] {
  if (question.kind === 'select' || question.kind === 'radio') return [question.options];
  if (question.kind === 'dependentSelect') return Object.values(question.optionsByValue);
  return [];
}

/**
 * All problems of a definition: `errors` are §5 configuration errors, `warnings` the questions with no page.
 * checkDefinition throws on errors; this form lets a test or a tool list everything.
 */
export function definitionProblems(definition: FormDefinition): { errors: string[]; warnings: string[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const fields = allFields(definition);
  const questionKeys = new Set(fields.map((field) => field.question.key));

  // A key validated or compared by the schema must be a stored answer key.
  const referenced = (key: string, where: string) => {
    if (!questionKeys.has(key)) errors.push(`Schema key "${key}" (${where}) is not in the answer keys.`);
  };

  const pagesOfKey = new Map<string, Set<string>>();
  const seenOnPage = new Set<string>();
  for (const { question, page } of fields) {
    const key = question.key;
    if (seenOnPage.has(`${page}\u0000${key}`)) errors.push(`Key "${key}" is defined more than once on page ${page}.`);
    seenOnPage.add(`${page}\u0000${key}`);
    pagesOfKey.set(key, (pagesOfKey.get(key) ?? new Set()).add(page));

    if (!KEY_FORMAT.test(key) || key.endsWith(DESC_SUFFIX)) {
      errors.push(
        `Key "${key}" is absent from the data model: keys are lower snake_case and "${DESC_SUFFIX}" is reserved for choice descriptions.`,
      );
    }
    if (question.prefix !== undefined && !key.startsWith(`${question.prefix}_`)) {
      errors.push(`Prefix "${question.prefix}" is not part of the key "${key}" (expected "${question.prefix}_…").`);
    }
    if (question.showWhen) ruleKeys(question.showWhen).forEach((k) => referenced(k, `condition of ${key}`));
    if (typeof question.required === 'object') ruleKeys(question.required).forEach((k) => referenced(k, `requiredness of ${key}`));
    for (const check of question.checks ?? [])
      if ('when' in check && check.when) ruleKeys(check.when).forEach((k) => referenced(k, `check of ${key}`));
    if (question.kind === 'dependentSelect') referenced(question.controller, `controller of ${key}`);
    if (question.kind === 'autocomplete') {
      for (const [field, target] of Object.entries(question.fills)) {
        if (!questionKeys.has(target))
          errors.push(`Autocomplete key "${target}" (${key} fills it from "${field}") is not in the data model.`);
      }
    }
    for (const source of optionSources(question)) {
      if (!Array.isArray(source) && 'list' in source && !isNamedList(source.list))
        errors.push(`Option list "${source.list}" of ${key} does not exist.`);
    }
  }
  for (const [key, pages] of pagesOfKey) {
    if (pages.size > 1) errors.push(`Summary key "${key}" is on more than one page (${[...pages].join(', ')}).`);
  }

  for (const page of definition.pages) {
    const routable = (PAGE_IDS as readonly string[]).includes(page.id);
    eachNode(page.children, (node) => {
      if (!routable && 'kind' in node)
        warnings.push(`Question "${node.key}" has no page: "${page.id}" is not one of ${PAGE_IDS.join(', ')}.`);
      if (!routable && 'trigger' in node && node.checkbox)
        warnings.push(`Question "${node.checkbox.key}" has no page: "${page.id}" is not one of ${PAGE_IDS.join(', ')}.`);
      if (!routable && 'block' in node)
        for (const q of expandBlock(node))
          warnings.push(`Question "${q.key}" has no page: "${page.id}" is not one of ${PAGE_IDS.join(', ')}.`);
      if (!('kind' in node) && 'showWhen' in node && node.showWhen)
        ruleKeys(node.showWhen).forEach((k) => referenced(k, 'condition of a section, block or text'));
      if ('group' in node)
        node.branches.forEach((branch, i) => ruleKeys(branch.when).forEach((k) => referenced(k, `branch ${i + 1} of group ${node.group}`)));
      if ('repeater' in node) {
        const count = defaultCount(node);
        if (node.max > ADD_ANOTHER_MAX) errors.push(`Add-another "${node.repeater}" has maximum ${node.max}, above ${ADD_ANOTHER_MAX}.`);
        if (node.max < 1) errors.push(`Add-another "${node.repeater}" has maximum ${node.max}, below 1.`);
        if (count < 1 || count > node.max) errors.push(`Add-another "${node.repeater}" has default count ${count} outside 1…${node.max}.`);
        if (node.prefixes.length < Math.min(node.max, ADD_ANOTHER_MAX))
          errors.push(`Add-another "${node.repeater}" has ${node.prefixes.length} prefixes for ${node.max} components.`);
      }
      if ('tabs' in node && !node.items.some((item) => item.id === node.defaultTab))
        errors.push(`Tabs "${node.tabs}" default "${node.defaultTab}" is not one of its tabs.`);
    });
  }
  return { errors: [...new Set(errors)], warnings: [...new Set(warnings)] };
}

/**
 * §5 configuration errors: a schema key not in the answer keys, a summary key on more than one page, keys absent
 * from the data model, autocomplete keys not in the data model, a prefix not part of its key, an add-another
 * maximum above 10 — thrown together as a DefinitionError. Questions with no page only come back as warnings.
 */
export function checkDefinition(definition: FormDefinition): { warnings: string[] } {
  const { errors, warnings } = definitionProblems(definition);
  if (errors.length > 0) throw new DefinitionError(errors);
  return { warnings };
}
