import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/paths.js';

/**
 * The code cites two documents by section, and both are in the repository so that every citation can be
 * followed: a plain `§N` (or `§N.M`, read as N) is a requirement, one `## §N` heading of docs/requirements.md;
 * `DESIGN §N` is a fixed contract, one `## DESIGN §N` heading of docs/design.md.
 */
/** Every top-level folder but the documents themselves and what is generated or installed: a new folder is read without being listed. */
const NOT_SOURCE = new Set(['docs', 'public', 'node_modules', 'dist', '.data', '.test-tmp', '.git']);
const FOLDERS = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_SOURCE.has(entry.name))
  .map((entry) => entry.name);
const TOP_LEVEL = [
  'eslint.config.js',
  '.dependency-cruiser.cjs',
  'jest.config.js',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'Dockerfile',
  'docker-compose.yml',
];
const SKIPPED = new Set(['node_modules', 'dist', '.data', '.test-tmp']);
const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js|css|json|ya?ml|sh)$|^run$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

function allSources(): string[] {
  return [
    ...FOLDERS.map((folder) => join(ROOT, folder))
      .filter(existsSync)
      .flatMap(sourceFiles),
    ...TOP_LEVEL.map((file) => join(ROOT, file)).filter(existsSync),
  ];
}

interface Citation {
  design: boolean;
  section: string;
  where: string;
}

/** Every citation in a text, with file:line. */
function citationsIn(text: string, file: string): Citation[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(/(DESIGN\s+)?§\s?(\d+)/g)].map((m) => ({ design: Boolean(m[1]), section: m[2]!, where: `${file}:${i + 1}` })),
    );
}

/** The section numbers a document's `## <prefix>N` headings give. */
function headings(doc: string, prefix: string): Set<string> {
  const text = readFileSync(join(ROOT, 'docs', doc), 'utf8');
  return new Set([...text.matchAll(new RegExp(`^## ${prefix}(\\d+)\\b`, 'gm'))].map((m) => m[1]!));
}

/** The citations that resolve to no heading, as `DESIGN §N at file:line`. */
function unresolved(citations: Citation[]): string[] {
  const requirements = headings('requirements.md', '§');
  const design = headings('design.md', 'DESIGN §');
  return citations
    .filter((c) => !(c.design ? design : requirements).has(c.section))
    .map((c) => `${c.design ? 'DESIGN ' : ''}§${c.section} at ${c.where}`);
}

describe('section citations in the code', () => {
  const cited = allSources().flatMap((file) => citationsIn(readFileSync(file, 'utf8'), relative(ROOT, file)));

  it('finds both kinds, in every folder that cites', () => {
    expect(cited.filter((c) => c.design).length).toBeGreaterThan(50);
    expect(cited.filter((c) => !c.design).length).toBeGreaterThan(50);
    const folders = new Set(cited.map((c) => c.where.split(/[/:]/)[0]));
    for (const folder of ['form', 'pages', 'islands', 'views', 'contracts', 'server', 'db', 'test', 'eslint.config.js'])
      expect(folders).toContain(folder);
  });

  it('resolve to a heading of docs/requirements.md (§N) or docs/design.md (DESIGN §N)', () => {
    expect(unresolved(cited)).toEqual([]);
  });

  it('are reported with file and line when they do not resolve', () => {
    // Written with an escape: the scan reads this file too.
    const S = '\u00a7';
    const bad = citationsIn(`ok ${S}1\nsee DESIGN ${S}99 and ${S}0.4`, 'x.ts');
    expect(unresolved(bad)).toEqual([`DESIGN ${S}99 at x.ts:2`, `${S}0 at x.ts:2`]);
  });
});

describe('docs/requirements.md and docs/design.md', () => {
  it('number their sections 1, 2, … in order, without gaps', () => {
    for (const [doc, prefix] of [
      ['requirements.md', '§'],
      ['design.md', 'DESIGN §'],
    ] as const) {
      const numbers = [...headings(doc, prefix)].map(Number);
      expect(numbers.length).toBeGreaterThan(0);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
  });
});
