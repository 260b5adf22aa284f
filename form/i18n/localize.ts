import type { Lang } from '../lang.js';
import { spanishText } from './spanish-texts.js';

/** A text property of the definition and its Spanish sibling: `label` / `labelEs` (docs/i18n.md). */
export const SPANISH_SUFFIX = 'Es';
/** Properties whose value is a validation message of form/messages.ts: their Spanish is in messages-es.ts. */
const MESSAGE_PROPERTIES = new Set(['message', 'requiredMessage', 'invalidMessage']);
/** The texts people read; each may have an `…Es` sibling (the server's source) or a Spanish in spanish-texts.ts (both). */
const TEXT_PROPERTIES = [
  'label',
  'hint',
  'title',
  'description',
  'navLabel',
  'shortNavLabel',
  'addLabel',
  'triggerLabel',
  'legend',
  'content',
];

/**
 * A node of the definition with its texts in `lang`: every `xEs` sibling (or the Spanish table's text) replaces `x` (the `…Es` properties stay,
 * so localizing twice changes nothing), messages are looked up in the Spanish messages, named option lists are
 * marked to resolve in Spanish, and blocks to expand in Spanish. Keys, values, rules and patterns are untouched:
 * what is stored and compared is the same in both languages.
 */
export function localizeNode<T>(node: T, lang: Lang): T {
  if (lang === 'en') return node;
  return localize(node) as T;
}

function localize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(localize);
  if (value === null || typeof value !== 'object' || value instanceof RegExp) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(source)) {
    if (MESSAGE_PROPERTIES.has(name) && typeof inner === 'string') out[name] = spanishText(inner) ?? inner;
    else out[name] = localize(inner);
  }
  // The browser's build has no `…Es` siblings: the table gives the same Spanish (test/unit/i18n-form-table.test.ts).
  for (const name of TEXT_PROPERTIES) {
    const english = source[name];
    if (typeof english === 'string') out[name] = spanishText(english) ?? english;
  }
  for (const [name, inner] of Object.entries(source)) {
    if (!name.endsWith(SPANISH_SUFFIX) || inner === undefined) continue;
    const base = name.slice(0, -SPANISH_SUFFIX.length);
    if (base in source) out[base] = inner;
  }
  // A named option list, and a block (its questions come from form/blocks.ts when walked).
  if ('list' in source && typeof source.list === 'string') out.lang = 'es';
  if ('block' in source && typeof source.block === 'string') out.lang = 'es';
  return out;
}
