import { describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, KNOWN_VARIABLES, loadConfig } from '../../platform/config.server.js';
import { TEST_TMP } from '../helpers/paths.js';

const base = () => ({ DATA_DIR: mkdtempSync(join(TEST_TMP, 'cfg-')), PATH: '' });

describe('configuration (DESIGN §5)', () => {
  it('starts with no variables set, on the embedded defaults', () => {
    const config = loadConfig(base());
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeNull();
    expect(config.smtpUrl).toBeNull();
    expect(config.s3).toBeNull();
    expect(config.worker).toBe('inline');
    expect(config.mailFrom).toBe('admissions@localhost');
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the generated development secret across restarts', () => {
    const env = base();
    expect(loadConfig(env).sessionSecret).toBe(loadConfig(env).sessionSecret);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'not a url'],
    ['WORKER', 'sometimes'],
    ['LOG_LEVEL', 'loud'],
    ['SESSION_SECRET', 'short'],
    ['S3_BUCKET', 'ab'],
    ['APPLICATION_WINDOW_START', 'next tuesday'],
    ['MAIL_FROM', 'nobody'],
  ])('stops start-up naming %s when it is invalid', (name, value) => {
    expect(() => loadConfig({ ...base(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}:`));
  });

  it('requires SESSION_SECRET in production', () => {
    expect(() => loadConfig({ ...base(), NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });

  // Retention (issue 27, h27r)
  it('reads the retention periods: 18 months idle and submitted kept forever by default, invalid values refused', () => {
    expect(loadConfig(base()).retention).toEqual({ inactiveAccountMonths: 18, submittedRetentionMonths: null });
    expect(loadConfig({ ...base(), INACTIVE_ACCOUNT_MONTHS: '24', SUBMITTED_RETENTION_MONTHS: '84' }).retention).toEqual({
      inactiveAccountMonths: 24,
      submittedRetentionMonths: 84,
    });
    expect(loadConfig({ ...base(), SUBMITTED_RETENTION_MONTHS: 'forever' }).retention.submittedRetentionMonths).toBeNull();
    // One month would leave no room for the 30 days' warning.
    expect(() => loadConfig({ ...base(), INACTIVE_ACCOUNT_MONTHS: '1' })).toThrow(/INACTIVE_ACCOUNT_MONTHS/);
    expect(() => loadConfig({ ...base(), SUBMITTED_RETENTION_MONTHS: 'never' })).toThrow(/SUBMITTED_RETENTION_MONTHS/);
  });

  it('requires an end after the start of the application window', () => {
    expect(() => loadConfig({ ...base(), APPLICATION_WINDOW_START: '2026-10-01', APPLICATION_WINDOW_END: '2026-09-01' })).toThrow(
      /APPLICATION_WINDOW_END/,
    );
  });

  it('reads S3 settings together', () => {
    const config = loadConfig({
      ...base(),
      S3_BUCKET: 'applications',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      bucket: 'applications',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
  });

  it('knows every variable of DESIGN §5', () => {
    for (const name of [
      'PORT',
      'PUBLIC_URL',
      'DATA_DIR',
      'DATABASE_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_FORCE_PATH_STYLE',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'CHROMIUM_PATH',
      'SOFFICE_PATH',
      'SESSION_SECRET',
      'WORKER',
      'LOG_LEVEL',
      'APPLICATION_WINDOW_START',
      'APPLICATION_WINDOW_END',
      'HELP_EMAIL',
      'OFFICE_PHONE',
      'OFFICE_EMAIL',
      'OIDC_ISSUER',
      'OIDC_CLIENT_ID',
      'OIDC_CLIENT_SECRET',
      'STAFF_EMAILS',
      'STAFF_GROUP',
      'WEBHOOK_URL',
      'WEBHOOK_SECRET',
    ]) {
      expect(KNOWN_VARIABLES).toContain(name);
    }
  });

  it('reads the metrics and tracing settings (issue 27), off by default', () => {
    const off = loadConfig(base());
    expect(off.metrics).toEqual({ token: null, workerPort: null, workerHost: '127.0.0.1' });
    expect(off.otel).toBeNull();
    const on = loadConfig({
      ...base(),
      METRICS_TOKEN: 'a-scraper-token-of-24-chars',
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OTEL_EXPORTER_OTLP_HEADERS: 'api-key=abc%3D,x-tenant=7',
    });
    expect(on.metrics).toEqual({ token: 'a-scraper-token-of-24-chars', workerPort: 9464, workerHost: '0.0.0.0' });
    expect(on.otel).toEqual({
      endpoint: 'http://127.0.0.1:4318',
      headers: { 'api-key': 'abc=', 'x-tenant': '7' },
      serviceName: 'freshman-application',
    });
    expect(() => loadConfig({ ...base(), METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ ...base(), METRICS_HOST: 'not a host/' })).toThrow(/METRICS_HOST/);
    expect(() => loadConfig({ ...base(), OTEL_EXPORTER_OTLP_ENDPOINT: 'ftp://collector' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => loadConfig({ ...base(), OTEL_EXPORTER_OTLP_HEADERS: 'no pairs here' })).toThrow(/OTEL_EXPORTER_OTLP_HEADERS/);
  });

  it('reads the staff desk and integration settings', () => {
    const config = loadConfig({
      ...base(),
      OIDC_ISSUER: 'https://login.university.edu/realms/staff',
      OIDC_CLIENT_ID: 'admissions',
      OIDC_CLIENT_SECRET: 's3cret',
      STAFF_EMAILS: 'Reader@University.edu, second@university.edu',
      STAFF_GROUP: 'admissions-readers',
      WEBHOOK_URL: 'https://crm.university.edu/hooks',
      WEBHOOK_SECRET: 'whsec-0123456789abcdef',
    });
    expect(config.oidc).toEqual({ issuer: 'https://login.university.edu/realms/staff', clientId: 'admissions', clientSecret: 's3cret' });
    expect(config.staff).toEqual({ emails: ['reader@university.edu', 'second@university.edu'], group: 'admissions-readers' });
    expect(config.webhook).toEqual({ url: 'https://crm.university.edu/hooks', secret: 'whsec-0123456789abcdef' });
    const none = loadConfig(base());
    expect([none.oidc, none.webhook, none.staff]).toEqual([null, null, { emails: [], group: null }]);
  });

  it.each([
    [{ OIDC_ISSUER: 'https://idp.example.edu' }, 'OIDC_'],
    [{ OIDC_ISSUER: 'http://idp.example.edu', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }, 'OIDC_ISSUER'],
    [{ STAFF_EMAILS: 'reader@university.edu, nobody' }, 'STAFF_EMAILS'],
    [{ WEBHOOK_URL: 'https://crm.example.edu/hook' }, 'WEBHOOK_'],
    [{ WEBHOOK_URL: 'https://crm.example.edu/hook', WEBHOOK_SECRET: 'short' }, 'WEBHOOK_SECRET'],
  ])('refuses incomplete or unsafe staff and webhook settings: %j', (env, named) => {
    expect(() => loadConfig({ ...base(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), ...env })).toThrow(named);
  });

  it('accepts an http identity provider only on loopback', () => {
    expect(loadConfig({ ...base(), OIDC_ISSUER: 'http://127.0.0.1:4000', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }).oidc?.issuer).toBe(
      'http://127.0.0.1:4000',
    );
  });
});
