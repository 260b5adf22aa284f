import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/paths.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('pages and islands read typed page context and data (issue 15)', () => {
  it('no `as unknown as` cast in pages/ or islands/: vike’s PageContextServer augmentation and useData<Data>() type them', () => {
    const offenders = ['pages', 'islands']
      .flatMap((folder) => sourceFiles(join(ROOT, folder)))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (line.includes('as unknown as') ? [`${relative(ROOT, file)}:${i + 1}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
