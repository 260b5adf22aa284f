import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from '../../platform/config.server.js';
import { ROOT, TEST_TMP } from '../helpers/paths.js';
import { interpolateAll } from '../helpers/compose-env.js';

/**
 * Issue 13 item 8: docker-compose.yml shipped a fixed SESSION_SECRET and the config accepted it, so anyone who
 * read the repository could mint staff links for any applicant.
 */
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
const production = (secret: string) => () => loadConfig({ NODE_ENV: 'production', DATA_DIR: TEST_TMP, SESSION_SECRET: secret });

describe('docker-compose.yml', () => {
  it.each(['web', 'worker'])('%s takes SESSION_SECRET from the environment and refuses to start without it', (name) => {
    const environment = compose.services[name].environment as Record<string, string>;
    expect(environment.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?[^}]+\}$/);
    // The object store's credentials are required too (issue 23 finding 15): given, only the secret is missing.
    const minio = { MINIO_ROOT_USER: 'operator', MINIO_ROOT_PASSWORD: randomBytes(24).toString('base64') };
    expect(() => interpolateAll(environment, minio)).toThrow(/SESSION_SECRET/);
    const secret = randomBytes(48).toString('base64');
    expect(interpolateAll(environment, { ...minio, SESSION_SECRET: secret }).SESSION_SECRET).toBe(secret);
  });
});

describe('SESSION_SECRET in production', () => {
  it.each([
    ['the placeholder docker-compose.yml used to ship', 'change-me-to-a-long-random-value-of-at-least-32-characters'],
    ['another placeholder', 'replace-me-with-your-session-secret-please-123'],
    ['one character repeated', 'x'.repeat(48)],
    ['a short pattern repeated', 'abc123'.repeat(8)],
  ])('refuses %s, naming the variable', (_what, secret) => {
    expect(production(secret)).toThrow(ConfigError);
    expect(production(secret)).toThrow(/^Invalid configuration: SESSION_SECRET:/);
  });

  it.each([
    ['openssl rand -base64 48', randomBytes(48).toString('base64')],
    ['openssl rand -hex 32', randomBytes(32).toString('hex')],
  ])('accepts a generated one (%s)', (_how, secret) => {
    expect(production(secret)().sessionSecret).toBe(secret);
  });
});
