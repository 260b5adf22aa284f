import { aboutPage } from './pages/about.js';
import { educationPage } from './pages/education.js';
import { finalStepsPage } from './pages/final-steps.js';
import type { FormDefinition, Page, PageId } from './types.js';
import type { Lang } from './lang.js';
import { localizeNode } from './i18n/localize.js';
import { spanishTextsVersion } from './i18n/spanish-texts.js';

/** The three form pages in step order (§2, §9 "Generated PDF pages"). */
export const PAGE_IDS: readonly PageId[] = ['about', 'education', 'final-steps'];

let built: FormDefinition | null = null;
let builtEs: { definition: FormDefinition; version: number } | null = null;

/**
 * The application's definition, in English unless `lang` asks for Spanish (its texts' `…Es` siblings in place,
 * form/i18n/localize.ts; keys, values and rules the same). Built once per language and shared (treat it as read-only).
 */
export function formDefinition(lang: Lang = 'en'): FormDefinition {
  built ??= { pages: [aboutPage(), educationPage(), finalStepsPage()] };
  if (lang === 'en') return built;
  if (builtEs?.version !== spanishTextsVersion()) {
    builtEs = { definition: { ...localizeNode(built, 'es'), lang: 'es' }, version: spanishTextsVersion() };
  }
  return builtEs.definition;
}

export function pageById(id: PageId, definition: FormDefinition = formDefinition()): Page {
  const page = definition.pages.find((p) => p.id === id);
  if (!page) throw new Error(`No page ${id} in the form definition`);
  return page;
}

export function isPageId(value: unknown): value is PageId {
  return typeof value === 'string' && (PAGE_IDS as readonly string[]).includes(value);
}
