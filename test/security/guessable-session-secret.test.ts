import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../platform/config.server.js';
import { ROOT, TEST_TMP } from '../helpers/paths.js';

/**
 * Issue 23 finding 18: the production check of SESSION_SECRET measured repetition and the number of distinct
 * characters, and let `0123456789abcdef0123456789abcdef` through. Sequences, keyboard runs, repeated blocks and
 * words made to look long are guessable too: anyone who guesses the secret can mint staff links and sessions.
 */
const production = (secret: string) => () => loadConfig({ NODE_ENV: 'production', DATA_DIR: TEST_TMP, SESSION_SECRET: secret });

describe('SESSION_SECRET in production', () => {
  it.each([
    ['the hex alphabet twice', '0123456789abcdef0123456789abcdef'],
    ['the hex alphabet three times', '0123456789abcdef'.repeat(3)],
    ['an alphabet', 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEF'],
    ['a descending run', 'zyxwvutsrqponmlkjihgfedcba9876543210'],
    ['a keyboard walk', 'qwertyuiopasdfghjklzxcvbnm1234567890'],
    ['a counting sequence', Array.from({ length: 20 }, (_, i) => String(i)).join('')],
    ['a stepped sequence', 'acegikmoqsuwy02468acegikmoqsuwy'],
    ['a short random block repeated', `${randomBytes(6).toString('hex')}`.repeat(4)],
    ['a word repeated with a counter', 'password1password2password3password4'],
    // Issue 35 finding 12: phrases passed the pattern test, and a flash cookie signed with one is an offline oracle.
    ['the phrase of issue 35', 'please-change-this-session-secret-now'],
    ['the passphrase of issue 35', 'correcthorsebatterystaplecorrecthorse'],
    ['a long phrase', 'please-change-this-session-secret-now-and-forever-2024'],
    ['a long passphrase', 'correcthorsebatterystaplecorrecthorsebatterystaple'],
    ['words with spaces', 'Correct Horse Battery Staple Purple Monkey Dishwasher'],
    ['words with dots', 'correct.horse.battery.staple.purple.monkey.dishwasher'],
    ['32 random bytes in hex but cut short', randomBytes(32).toString('hex').slice(0, 60)],
    ['24 random bytes in base64 (192 bits)', randomBytes(24).toString('base64')],
    ['42 random base64url characters', randomBytes(32).toString('base64url').slice(0, 42)],
  ])('refuses %s, naming the variable', (_what, secret) => {
    expect(production(secret)).toThrow(ConfigError);
    expect(production(secret)).toThrow(/^Invalid configuration: SESSION_SECRET:/);
    expect(production(secret)).toThrow(/openssl rand -base64 48/);
  });

  it.each([
    ['openssl rand -base64 48', () => randomBytes(48).toString('base64')],
    ['openssl rand -base64 32', () => randomBytes(32).toString('base64')],
    ['openssl rand -hex 32', () => randomBytes(32).toString('hex')],
    ["crypto.randomBytes(32).toString('base64url')", () => randomBytes(32).toString('base64url')],
    ['two UUIDs', () => `${randomUUID()}${randomUUID()}`],
  ])('accepts a generated one (%s), every time', (_how, make) => {
    for (let i = 0; i < 200; i += 1) {
      const secret = make();
      expect(production(secret)().sessionSecret).toBe(secret);
    }
  });
});

describe('the built server started in production with a phrase for SESSION_SECRET', () => {
  it('exits non-zero before serving, saying which variable and how to make one', async () => {
    const child = spawn(process.execPath, ['dist/node/start.mjs'], {
      cwd: ROOT,
      // Its own process group: a server that did start (the defect) is stopped whole below.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        NODE_ENV: 'production',
        PORT: '0',
        WORKER: 'off',
        DATA_DIR: mkdtempSync(join(TEST_TMP, 'weak-secret-')),
        SESSION_SECRET: 'please-change-this-session-secret-now',
      },
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const code = await new Promise<number | 'still running'>((resolve) => {
      const timer = setTimeout(() => {
        process.kill(-child.pid!, 'SIGKILL');
        resolve('still running');
      }, 60_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode ?? -1);
      });
    });
    expect(code).not.toBe('still running');
    expect(code).not.toBe(0);
    expect(output).toMatch(/SESSION_SECRET/);
    expect(output).toContain('openssl rand -base64 48');
  }, 90_000);
});
