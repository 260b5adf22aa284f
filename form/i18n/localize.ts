import type { Lang } from '../lang.js';
import { spanishMessage } from './messages-es.js';

/** A text property of the definition and its Spanish sibling: `label` / `labelEs` (docs/i18n.md). */
export const SPANISH_SUFFIX = 'Es';
/** Properties whose value is a validation message of form/messages.ts: their Spanish is in messages-es.ts. */
const MESSAGE_PROPERTIES = new Set(['message', 'requiredMessage', 'invalidMessage']);

/**
 * A node of the definition with its texts in `lang`: every `xEs` sibling replaces `x` (the `…Es` properties stay,
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
    if (MESSAGE_PROPERTIES.has(name) && typeof inner === 'string') out[name] = spanishMessage(inner);
    else out[name] = localize(inner);
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
