import { describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { ConfigError, loadConfig } from '../../platform/config.server.js';
import { TEST_TMP } from '../helpers/paths.js';

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
  ])('refuses %s, naming the variable', (_what, secret) => {
    expect(production(secret)).toThrow(ConfigError);
    expect(production(secret)).toThrow(/^Invalid configuration: SESSION_SECRET:/);
  });

  it.each([
    ['openssl rand -base64 48', () => randomBytes(48).toString('base64')],
    ['openssl rand -base64 32', () => randomBytes(32).toString('base64')],
    ['openssl rand -hex 32', () => randomBytes(32).toString('hex')],
    ['two UUIDs', () => `${randomUUID()}${randomUUID()}`],
  ])('accepts a generated one (%s), every time', (_how, make) => {
    for (let i = 0; i < 200; i += 1) {
      const secret = make();
      expect(production(secret)().sessionSecret).toBe(secret);
    }
  });
});
