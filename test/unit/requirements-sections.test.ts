import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/paths.js';

/**
 * The code cites the product's requirements as `§N`; they live in docs/requirements.md, one `## §N` heading a
 * section, so every citation resolves inside the repository. (`DESIGN §N` cites the architecture's own
 * sections, not these.)
 */
const FOLDERS = ['form', 'pages', 'islands', 'views', 'server', 'db', 'workers', 'contracts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|css)$/.test(entry.name) ? [path] : [];
  });
}

/** Every `§N` (also `§N.M`, read as N) that is not `DESIGN §N`, with where it is cited. */
function citations(): Map<string, string> {
  const cited = new Map<string, string>();
  for (const file of FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/(DESIGN\s+)?§\s?(\d+)/g)) {
      if (!match[1] && !cited.has(match[2]!)) cited.set(match[2]!, relative(ROOT, file));
    }
  }
  return cited;
}

const headings = () => new Set([...readFileSync(join(ROOT, 'docs', 'requirements.md'), 'utf8').matchAll(/^## §(\d+) /gm)].map((m) => m[1]!));

describe('docs/requirements.md', () => {
  it('has a section for every §N the code cites', () => {
    const cited = citations();
    const have = headings();
    expect(cited.size).toBeGreaterThan(0);
    expect([...cited].filter(([n]) => !have.has(n)).map(([n, file]) => `§${n} (cited in ${file})`)).toEqual([]);
  });

  it('numbers its sections §1, §2, … in order, without gaps', () => {
    const numbers = [...headings()].map(Number);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});
