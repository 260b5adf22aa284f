import { fileQuestionKeys } from '../../form/document-keys.js';
import { formDefinition } from '../../form/definition.js';

const KEYS: ReadonlySet<string> = new Set(fileQuestionKeys(formDefinition()));

/** True for the answer key of a file question of the form definition; nothing else reaches storage. */
export function isDocumentKey(key: unknown): key is string {
  return typeof key === 'string' && KEYS.has(key);
}
