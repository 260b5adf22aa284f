import type { Repeater, Tabs } from './types.js';

/**
 * §3 UI state before the applicant has chosen: the one place its defaults are written. The server fills
 * stored add-another counts and tabs with them, the form island shows them, the definition check tests them.
 */

/** How many components an add-another shows until the applicant adds one: its `defaultCount`, else 1. */
export function defaultCount(repeater: Repeater): number {
  return repeater.defaultCount ?? 1;
}

/** The tab in force: the stored choice when it is one of the tabs, else the group's `defaultTab`. */
export function chosenTab(tabs: Tabs, stored: string | undefined): string {
  return stored !== undefined && tabs.items.some((item) => item.id === stored) ? stored : tabs.defaultTab;
}
