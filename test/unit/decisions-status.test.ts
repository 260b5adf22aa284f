import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';

/**
 * A decision record is read for what holds now: its one Status line, right under the title, says whether it
 * stands, and which later record replaced it or which part of it (issue 36: one ADR had none and contradicted
 * a later one).
 */
const DIR = join(ROOT, 'docs', 'decisions');
const files = readdirSync(DIR).filter((name) => name.endsWith('.md'));
const numbers = new Set(files.map((name) => name.slice(0, 4)));

/** What is wrong with one record's status, or null. */
function statusProblem(text: string): string | null {
  const lines = text.split('\n');
  if (!lines[0]?.startsWith('# ')) return 'does not start with its title';
  const first = lines.slice(1).find((line) => line.trim() !== '');
  if (!first?.startsWith('Status: ')) return 'has no Status line under its title';
  if (!/^Status: (accepted|superseded by \[?\d{4}|proposed|rejected)\b/.test(first)) return `has an unknown status: ${first.slice(0, 60)}`;
  if (lines.filter((line) => line.startsWith('Status:')).length !== 1) return 'has more than one Status line';
  const missing = [...first.matchAll(/superseded by \[?(\d{4})/g)].map((m) => m[1]!).filter((n) => !numbers.has(n));
  return missing.length > 0 ? `is superseded by a record that does not exist: ${missing.join(', ')}` : null;
}

describe('docs/decisions', () => {
  it('every record has one current Status line under its title', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.map((name) => [name, statusProblem(readFileSync(join(DIR, name), 'utf8'))]).filter(([, problem]) => problem)).toEqual([]);
  });

  it('the rule fails a record without a status, with two, or replaced by a missing one', () => {
    expect(statusProblem('# 1. A\n\n## Context\n')).toBe('has no Status line under its title');
    expect(statusProblem('Status: accepted\n\n# 1. A\n')).toBe('does not start with its title');
    expect(statusProblem('# 1. A\n\nStatus: accepted\n\nStatus: superseded by 0250\n')).toBe('has more than one Status line');
    expect(statusProblem('# 1. A\n\nStatus: superseded by 9999\n')).toBe('is superseded by a record that does not exist: 9999');
    expect(statusProblem('# 1. A\n\nStatus: accepted; partly superseded by 0290 (x)\n')).toBeNull();
  });
});
