import type { Lang } from '../lang.js';
import { spanishText } from './spanish-texts.js';

/** A question's label in Spanish, from its English label (the generic messages quote the label). */
const labelEs = (label: string): string => spanishText(label) ?? label;

/** The generic messages of form/messages.ts, as patterns over the English, and their Spanish. */
const GENERIC: ReadonlyArray<readonly [RegExp, (match: RegExpExecArray) => string]> = [
  [/^"(.+)" is required\.$/, (m) => `El campo "${labelEs(m[1]!)}" es obligatorio.`],
  [/^"(.+)" must be at most (\d+) characters\.$/, (m) => `El campo "${labelEs(m[1]!)}" debe tener como máximo ${m[2]} caracteres.`],
  [/^"(.+)" must be one of the listed options\.$/, (m) => `El campo "${labelEs(m[1]!)}" debe ser una de las opciones de la lista.`],
  [/^"(.+)" must be text\.$/, (m) => `El campo "${labelEs(m[1]!)}" debe ser texto.`],
  [/^"(.+)" must be true or false\.$/, (m) => `El campo "${labelEs(m[1]!)}" debe ser verdadero o falso.`],
];

/**
 * A validation message of form/validate.ts (always English: the API's answer and what is recorded) in the
 * reader's language. Shown by the form island and the review; docs/i18n.md.
 */
export function localizeMessage(message: string, lang: Lang): string {
  if (lang === 'en') return message;
  const fixed = spanishText(message);
  if (fixed !== undefined) return fixed;
  for (const [pattern, spanish] of GENERIC) {
    const match = pattern.exec(message);
    if (match) return spanish(match);
  }
  return message;
}
