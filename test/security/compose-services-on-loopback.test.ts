import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../helpers/paths.js';
import { interpolate } from '../helpers/compose-env.js';

/**
 * Issue 23 finding 15: docker-compose published MinIO (with fixed root credentials) and Mailpit's UI (codes,
 * reset links, receipts, no login) on every interface of the host.
 */
const text = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
const compose = parse(text, { merge: true }) as {
  services: Record<string, { ports?: string[]; environment?: Record<string, string>; entrypoint?: string }>;
};

/** "127.0.0.1:9000:9000" → host address "127.0.0.1"; "9000:9000" → every interface. */
function hostAddress(port: string): string {
  const parts = String(port).split(':');
  return parts.length === 3 ? parts[0]! : '0.0.0.0';
}

describe('docker-compose.yml: helper services stay on the host', () => {
  it.each(['minio', 'mailpit', 'postgres'])('%s publishes its ports on 127.0.0.1 only', (name) => {
    for (const port of compose.services[name]?.ports ?? []) expect(hostAddress(port)).toBe('127.0.0.1');
  });

  it('MinIO root credentials come from the environment, and compose refuses to start without them', () => {
    const env = compose.services.minio!.environment!;
    for (const key of ['MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD']) {
      expect(env[key]).toMatch(/^\$\{[A-Z0-9_]+:\?[^}]+\}$/);
      expect(() => interpolate(env[key]!, {})).toThrow(/required variable/);
    }
  });

  it('no fixed credential for the object store is written anywhere in the file', () => {
    expect(text).not.toMatch(/freshman-secret-key/);
    for (const name of ['web', 'worker']) {
      const env = compose.services[name]!.environment!;
      expect(env.AWS_SECRET_ACCESS_KEY).toMatch(/^\$\{[A-Z0-9_]+:\?[^}]+\}$/);
      expect(env.AWS_ACCESS_KEY_ID).toMatch(/^\$\{[A-Z0-9_]+:\?[^}]+\}$/);
    }
  });
});
