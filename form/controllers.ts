import { formDefinition } from './definition.js';
import { allFields, pageOfKey } from './fields.js';
import type { FormDefinition, Rule } from './types.js';

function ruleKeys(rule: Rule, out: Set<string>): void {
  if ('all' in rule) for (const r of rule.all) ruleKeys(r, out);
  else if ('any' in rule) for (const r of rule.any) ruleKeys(r, out);
  else out.add(rule.valueKey);
}

const cache = new WeakMap<FormDefinition, ReadonlySet<string>>();

/**
 * The answer keys whose value shows or hides other questions of the same page (§4 conditions, group branches,
 * dependent selects). Without scripts the page cannot change as they are answered, so each is followed by an
 * "Update" button that saves and shows the page again (DESIGN §6). Derived from the definition, never listed.
 */
export function visibilityControllers(definition: FormDefinition = formDefinition()): ReadonlySet<string> {
  let controllers = cache.get(definition);
  if (controllers) return controllers;
  const found = new Set<string>();
  for (const field of allFields(definition)) {
    const keys = new Set<string>();
    for (const gate of field.gates) {
      if (gate.gate === 'rule') ruleKeys(gate.rule, keys);
      else if (gate.gate === 'branch') for (const branch of gate.group.branches.slice(0, gate.index + 1)) ruleKeys(branch.when, keys);
      else if (gate.gate === 'controller') keys.add(gate.key);
    }
    for (const key of keys) if (key !== field.question.key && pageOfKey(key, definition) === field.page) found.add(key);
  }
  controllers = found;
  cache.set(definition, controllers);
  return controllers;
}
