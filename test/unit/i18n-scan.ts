import { parseSync } from '@swc/core';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/paths.js';

/**
 * Source scans for the Spanish completeness tests (docs/i18n.md): the English texts code passes to t(), and the
 * English a component writes straight into its markup (JSX text, and the attributes people read) instead.
 */

/** The applicant's side: what a Spanish reader may see. The office (staff desk, counselor's link, /print) reads English. */
export const APPLICANT_SOURCES = ['pages', 'islands', 'views/review', 'views/pages', 'views/form', 'contracts', 'server', 'domain', 'form'];
const OFFICE = /(^|\/)(\(office\)|print|staff|reading|integration|cli)(\/|$)|views\/print/;

export function sourceFiles(folders: readonly string[], extensions = /\.(ts|tsx)$/): string[] {
  const files: string[] = [];
  for (const folder of folders) {
    for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !extensions.test(entry.name)) continue;
      const file = relative(ROOT, join(entry.parentPath, entry.name));
      if (!OFFICE.test(file)) files.push(file);
    }
  }
  return files;
}

const T_CALL = /\bt\(\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`$]*`)/g;

/** Every English text given to t() as a literal, with the file it is in. */
export function translatedLiterals(files: readonly string[]): Array<{ file: string; text: string }> {
  const found: Array<{ file: string; text: string }> = [];
  for (const file of files) {
    const source = readFileSync(join(ROOT, file), 'utf8');
    for (const match of source.matchAll(T_CALL)) {
      found.push({ file, text: match[1]!.slice(1, -1).replace(/\\(['"\\])/g, '$1') });
    }
  }
  return found;
}

const READ_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'label',
  'triggerLabel',
  'keepLabel',
  'confirmLabel',
  'description',
]);
const WORDS = /\p{L}{2,}/u;

/** Text a component hard-codes: JSX text with words in it, and string literals in attributes people read. */
export function hardCodedTexts(file: string): string[] {
  const ast = parseSync(readFileSync(join(ROOT, file), 'utf8'), { syntax: 'typescript', tsx: file.endsWith('.tsx') });
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const n = node as Record<string, any>;
    if (n.type === 'JSXText' && WORDS.test(n.value as string)) found.push((n.value as string).trim().replace(/\s+/g, ' '));
    if (n.type === 'JSXAttribute' && n.value?.type === 'StringLiteral' && READ_ATTRIBUTES.has(n.name?.value) && WORDS.test(n.value.value)) {
      found.push(`${n.name.value}="${n.value.value}"`);
    }
    for (const key of Object.keys(n)) if (key !== 'span') walk(n[key]);
  };
  walk(ast);
  return found;
}
