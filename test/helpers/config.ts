import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../platform/config.server.js';
import { TEST_TMP } from './paths.js';

// Random-looking: a production-mode test server refuses a guessable secret (issue 23 finding 18).
export const TEST_SESSION_SECRET = 'test-secret-Vq7Zr2xKp9LmT4wB8nYc3HsJd6FgQ1aEu5Wo';

/** A validated configuration for tests: its own data folder, silent logs, no outside services. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(join(TEST_TMP, 'data-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'silent',
    PATH: process.env.PATH,
    PUBLIC_URL: 'http://127.0.0.1:3000',
    ...env,
  });
}
