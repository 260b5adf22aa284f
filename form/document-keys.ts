import { formDefinition } from './definition.js';
import { allFields } from './fields.js';
import type { FormDefinition, Node, Page } from './types.js';

/**
 * The answer keys that take a document: the definition's `kind: 'file'` questions, wherever they sit
 * (sections, groups, tabs, triggers, repeater instances). Kept apart from form/documents.ts so the
 * upload island does not pull the whole definition into its bundle.
 */
export function fileQuestionKeys(definition: FormDefinition = formDefinition()): string[] {
  return allFields(definition)
    .filter((field) => field.question.kind === 'file')
    .map((field) => field.question.key);
}

export function isFileQuestionKey(key: unknown, definition: FormDefinition = formDefinition()): key is string {
  return typeof key === 'string' && fileQuestionKeys(definition).includes(key);
}

/** The document questions among some nodes (e.g. one tab's content), for the §4 tab check. */
export function fileKeysIn(nodes: readonly Node[]): string[] {
  const page: Page = { id: 'about', path: '/about', title: '', navLabel: '', shortNavLabel: '', children: nodes };
  return fileQuestionKeys({ pages: [page] });
}
