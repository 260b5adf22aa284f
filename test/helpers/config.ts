import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../platform/config.server.js';
import { TEST_TMP } from './paths.js';

// Random (`crypto.randomBytes(48).toString('base64url')`): a production-mode test server refuses a secret
// without 256 bits of randomness (issue 23 finding 18, issue 35 finding 12).
export const TEST_SESSION_SECRET = 'NEi60lJBypJPtsqJmZ6Y4BfRMbb_yYXYHKezNZUD-iqL9tsWYm2zt-37l-fUBBSw';

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
