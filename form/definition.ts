import { aboutPage } from './pages/about.js';
import { educationPage } from './pages/education.js';
import { finalStepsPage } from './pages/final-steps.js';
import type { FormDefinition, Page, PageId } from './types.js';

/** The three form pages in step order (§2, §9 "Generated PDF pages"). */
export const PAGE_IDS: readonly PageId[] = ['about', 'education', 'final-steps'];

export interface DefinitionOptions {
  /** The international variant adds phone_international to About (§3, §5). */
  international?: boolean;
}

const built = new Map<boolean, FormDefinition>();

/** The application's definition for one variant. Built once per variant and shared (treat it as read-only). */
export function formDefinition(options: DefinitionOptions = {}): FormDefinition {
  const international = options.international === true;
  let definition = built.get(international);
  if (!definition) {
    definition = { international, pages: [aboutPage({ international }), educationPage(), finalStepsPage()] };
    built.set(international, definition);
  }
  return definition;
}

export function pageById(id: PageId, definition: FormDefinition = formDefinition()): Page {
  const page = definition.pages.find((p) => p.id === id);
  if (!page) throw new Error(`No page ${id} in the form definition`);
  return page;
}

export function isPageId(value: unknown): value is PageId {
  return typeof value === 'string' && (PAGE_IDS as readonly string[]).includes(value);
}
