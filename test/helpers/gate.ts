import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from '@jest/globals';
import { TEST_TMP } from './paths.js';

/** Where gated suites write why they did not run; test/run-all.mjs prints it above its last line. */
export const SKIP_REASONS_FILE = join(TEST_TMP, 'skip-reasons.log');

/**
 * `describe` for a suite that needs something this machine may lack (Chromium, PostgreSQL). When it is
 * there, or in CI (CI=true, where a missing part must fail, not vanish), the suite runs. Otherwise the
 * suite is skipped and the reason is recorded, so the run's summary says what was skipped and why.
 */
export function gatedDescribe(available: boolean, reason: string): typeof describe {
  if (available || process.env.CI === 'true') return describe;
  return ((name: string, fn: () => void) => {
    mkdirSync(TEST_TMP, { recursive: true });
    appendFileSync(SKIP_REASONS_FILE, `${name}: not run, ${reason}\n`);
    describe.skip(name, fn);
  }) as typeof describe;
}
