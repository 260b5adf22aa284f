import { fileQuestionKeys } from '../../form/documents.js';

// The answer keys that take a document are the form definition's `kind: 'file'` questions.
const KEYS: ReadonlySet<string> = new Set(fileQuestionKeys([]));

/** True for the answer key of a file question of the form definition; nothing else reaches storage. */
export function isDocumentKey(key: unknown): key is string {
  return typeof key === 'string' && KEYS.has(key);
}
