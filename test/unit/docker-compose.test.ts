import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { parse } from 'yaml';
import { KNOWN_VARIABLES, loadConfig } from '../../platform/config.server.js';
import { ROOT } from '../helpers/paths.js';
import { interpolateAll } from '../helpers/compose-env.js';

const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
const appServices = ['web', 'worker'] as const;

describe('docker-compose.yml', () => {
  it('defines PostgreSQL, an S3 store, a mail catcher, the web service and a worker', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'minio', 'mailpit', 'web', 'worker']));
  });

  it.each(appServices)('sets only variables the config knows, and valid ones, for %s', (name) => {
    const env = compose.services[name].environment as Record<string, string>;
    const unknown = Object.keys(env).filter((key) => !KNOWN_VARIABLES.includes(key));
    expect(unknown).toEqual([]);
    // What `SESSION_SECRET=$(openssl rand -base64 48) MINIO_ROOT_USER=… MINIO_ROOT_PASSWORD=… docker compose up` passes.
    const given = {
      SESSION_SECRET: randomBytes(48).toString('base64'),
      MINIO_ROOT_USER: 'freshman',
      MINIO_ROOT_PASSWORD: randomBytes(24).toString('base64'),
    };
    const config = loadConfig({ ...interpolateAll(env, given), DATA_DIR: join(ROOT, '.test-tmp', 'compose') });
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.s3?.bucket).toBe('applications');
    expect(config.smtpUrl).toBe('smtp://mailpit:1025');
    expect(config.s3?.secretAccessKey).toBe(given.MINIO_ROOT_PASSWORD);
  });

  it('runs the worker separately from the web service', () => {
    expect(compose.services.web.environment.WORKER).toBe('off');
    expect(compose.services.worker.command).toBe('npm run worker');
  });
});
