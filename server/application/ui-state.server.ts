import { formDefinition } from '../../form/definition.js';
import { allFields } from '../../form/fields.js';
import type { Node, Repeater, Tabs } from '../../form/types.js';

/** Every node of the definition, depth first (structure only; blocks are leaves). */
function* walk(nodes: readonly Node[]): Generator<Node> {
  for (const node of nodes) {
    yield node;
    if ('section' in node) yield* walk(node.children);
    else if ('group' in node) for (const branch of node.branches) yield* walk(branch.children);
    else if ('repeater' in node) yield* walk(node.template);
    else if ('tabs' in node) for (const item of node.items) yield* walk(item.children);
    else if ('trigger' in node) yield* walk([...node.before, ...(node.optional ?? []), ...node.after]);
  }
}

function structural<T extends Node>(is: (node: Node) => node is T): T[] {
  return formDefinition().pages.flatMap((page) => [...walk(page.children)].filter(is));
}

/** Add-another buttons of the definition and their maximum counts (derived, never listed twice). */
export function repeaterMaximums(): Map<string, number> {
  return new Map(structural((n): n is Repeater => 'repeater' in n).map((r) => [r.repeater, r.max]));
}

export interface TabGroup {
  tabs: Tabs;
  /** Answer keys shown under each tab item (cleared when the applicant switches away). */
  keysByItem: Map<string, string[]>;
}

/** Tab groups of the definition with the answer keys under each item. */
export function tabGroups(): Map<string, TabGroup> {
  const groups = new Map<string, TabGroup>(
    structural((n): n is Tabs => 'tabs' in n).map((tabs) => [tabs.tabs, { tabs, keysByItem: new Map(tabs.items.map((item) => [item.id, [] as string[]])) }]),
  );
  for (const field of allFields()) {
    for (const gate of field.gates) {
      if (gate.gate === 'tab') groups.get(gate.tabs.tabs)?.keysByItem.get(gate.item)?.push(field.question.key);
    }
  }
  return groups;
}
