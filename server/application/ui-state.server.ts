import { formDefinition } from '../../form/definition.js';
import { allFields } from '../../form/fields.js';
import type { Node, Repeater, Tabs } from '../../form/types.js';
import { chosenTab, defaultCount } from '../../form/ui-defaults.js';
import { walkNodes as walk } from '../../form/walk-nodes.js';

function structural<T extends Node>(is: (node: Node) => node is T): T[] {
  return formDefinition().pages.flatMap((page) => [...walk(page.children)].filter(is));
}

let repeaters: readonly Repeater[] | undefined;
let maximums: ReadonlyMap<string, number> | undefined;

function repeaterNodes(): readonly Repeater[] {
  repeaters ??= structural((n): n is Repeater => 'repeater' in n);
  return repeaters;
}

/**
 * Add-another buttons of the definition and their maximum counts (derived, never listed twice). Built on first
 * use and shared: it depends on the definition only, and every form page and UI-state save reads it.
 */
export function repeaterMaximums(): ReadonlyMap<string, number> {
  maximums ??= new Map(repeaterNodes().map((r) => [r.repeater, r.max]));
  return maximums;
}

/** The stored add-another counts and tab choices, with the definition's defaults where none was stored (§3). */
export function uiStateWithDefaults(stored: { add_another: Record<string, number>; tabs: Record<string, string> }): {
  add_another: Record<string, number>;
  tabs: Record<string, string>;
} {
  const addAnother = Object.fromEntries(repeaterNodes().map((r) => [r.repeater, stored.add_another[r.repeater] ?? defaultCount(r)]));
  const tabs = Object.fromEntries([...tabGroups()].map(([id, group]) => [id, chosenTab(group.tabs, stored.tabs[id])]));
  return { add_another: addAnother, tabs };
}

export interface TabGroup {
  tabs: Tabs;
  /** Answer keys shown under each tab item (cleared when the applicant switches away). */
  keysByItem: ReadonlyMap<string, readonly string[]>;
}

let groups: ReadonlyMap<string, TabGroup> | undefined;

/** Tab groups of the definition with the answer keys under each item. Built on first use and shared, like repeaterMaximums. */
export function tabGroups(): ReadonlyMap<string, TabGroup> {
  groups ??= buildTabGroups();
  return groups;
}

function buildTabGroups(): ReadonlyMap<string, TabGroup> {
  const keys = new Map<string, Map<string, string[]>>();
  const built = new Map<string, TabGroup>();
  for (const tabs of structural((n): n is Tabs => 'tabs' in n)) {
    const keysByItem = new Map(tabs.items.map((item) => [item.id, [] as string[]]));
    keys.set(tabs.tabs, keysByItem);
    built.set(tabs.tabs, { tabs, keysByItem });
  }
  for (const field of allFields()) {
    for (const gate of field.gates) {
      if (gate.gate === 'tab') keys.get(gate.tabs.tabs)?.get(gate.item)?.push(field.question.key);
    }
  }
  return built;
}
