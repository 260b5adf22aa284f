import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docs/accessibility.md is the Accessibility Conformance Report a university signs against: it must answer every
 * WCAG 2.1 A and AA success criterion and the WCAG 2.2 additions, each with a conformance level, and every test
 * it cites as proof must exist and contain the test it names.
 */
const root = join(import.meta.dirname, '..', '..');
const report = readFileSync(join(root, 'docs', 'accessibility.md'), 'utf8');

const LEVEL_A = [
  '1.1.1',
  '1.2.1',
  '1.2.2',
  '1.2.3',
  '1.3.1',
  '1.3.2',
  '1.3.3',
  '1.4.1',
  '1.4.2',
  '2.1.1',
  '2.1.2',
  '2.1.4',
  '2.2.1',
  '2.2.2',
  '2.3.1',
  '2.4.1',
  '2.4.2',
  '2.4.3',
  '2.4.4',
  '2.5.1',
  '2.5.2',
  '2.5.3',
  '2.5.4',
  '3.1.1',
  '3.2.1',
  '3.2.2',
  '3.3.1',
  '3.3.2',
  '4.1.1',
  '4.1.2',
  // WCAG 2.2 additions at level A.
  '3.2.6',
  '3.3.7',
];
const LEVEL_AA = [
  '1.2.4',
  '1.2.5',
  '1.3.4',
  '1.3.5',
  '1.4.3',
  '1.4.4',
  '1.4.5',
  '1.4.10',
  '1.4.11',
  '1.4.12',
  '1.4.13',
  '2.4.5',
  '2.4.6',
  '2.4.7',
  '3.1.2',
  '3.2.3',
  '3.2.4',
  '3.3.3',
  '3.3.4',
  '4.1.3',
  // WCAG 2.2 additions at level AA.
  '2.4.11',
  '2.5.7',
  '2.5.8',
  '3.3.8',
];
const TERMS = ['Supports', 'Partially Supports', 'Does Not Support', 'Not Applicable'];

/** The report's table rows: criterion number → [conformance level, remarks]. */
function rows(table: string): Map<string, [string, string]> {
  const start = report.indexOf(`## ${table}`);
  const end = report.indexOf('\n## ', start + 1);
  const out = new Map<string, [string, string]>();
  for (const line of report.slice(start, end).split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const id = /^(\d\.\d\.\d+) /.exec(cells[1] ?? '')?.[1];
    if (id) out.set(id, [cells[2]!, cells[3]!]);
  }
  return out;
}

describe('docs/accessibility.md, the conformance report', () => {
  for (const [table, criteria] of [
    ['Table 1', LEVEL_A],
    ['Table 2', LEVEL_AA],
  ] as const) {
    it(`${table} answers each of its ${criteria.length} criteria with a conformance level and, unless not applicable, a proof`, () => {
      const found = rows(table);
      expect(criteria.filter((id) => !found.has(id))).toEqual([]);
      for (const id of criteria) {
        const [level, remarks] = found.get(id)!;
        expect([id, TERMS.includes(level)]).toEqual([id, true]);
        if (level !== 'Not Applicable') expect([id, /Proof: /.test(remarks)]).toEqual([id, true]);
      }
    });
  }

  it('every test it cites exists, and every test name it quotes is in that file', () => {
    const cited = [...report.matchAll(/(test\/[\w./-]+\.tsx?)(?: › "([^"]+)")?/g)];
    expect(cited.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const [, file, name] of cited) {
      const path = join(root, file!);
      if (!existsSync(path)) missing.push(file!);
      else if (name && !readFileSync(path, 'utf8').includes(name)) missing.push(`${file} › "${name}"`);
    }
    expect(missing).toEqual([]);
  });
});
