import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, authValues, checkAuth } from '../../contracts/auth-check.js';
import { PASSWORD_RULES, PASSWORD_SPECIAL_CHARACTERS, passwordRuleHolds } from '../../contracts/password-rules.js';
import { isCommonPassword } from '../../server/auth/passwords.server.js';
import { loginDelayMs, waitText } from '../../server/auth/limits.server.js';
import { hasIdentityCookie, IDENTITY_PROVIDER_PREFIX, LOGGED_IN_COOKIE, SESSION_COOKIE } from '../../contracts/cookies.js';

describe('shared auth rules (§5)', () => {
  it('accepts a password meeting every rule, with each documented special character', () => {
    for (const special of PASSWORD_SPECIAL_CHARACTERS) {
      expect(checkAuth('signup', { username: 'a@example.org', password: `Abcdefghijk1${special}` })).toEqual({});
    }
  });

  it('treats other symbols and spaces as not special', () => {
    expect(checkAuth('signup', { username: 'a@example.org', password: 'Abcdefghijk1 x' }).password).toEqual([
      'Your password must have one of the special characters listed below.',
    ]);
    expect(checkAuth('signup', { username: 'a@example.org', password: 'Abcdefghijk1€' }).password).toEqual([
      'Your password must have one of the special characters listed below.',
    ]);
  });

  it('names each rule by its checklist text', () => {
    expect(PASSWORD_RULES.map((r) => r.label)).toEqual([
      'is at least 12 characters',
      'has an uppercase letter',
      'has a lowercase letter',
      'has a number',
      'has a special character',
      'does not begin or end with a space',
    ]);
    // Under the field a message stands alone: a whole sentence, not the checklist's fragment (issue 38).
    expect(PASSWORD_RULES.map((r) => r.message)).toEqual([
      'Your password must be at least 12 characters long.',
      'Your password must have an uppercase letter.',
      'Your password must have a lowercase letter.',
      'Your password must have a number.',
      'Your password must have one of the special characters listed below.',
      'Your password must not begin or end with a space.',
    ]);
    const whitespace = PASSWORD_RULES.find((r) => r.id === 'whitespace')!;
    expect(passwordRuleHolds(whitespace, 'abc')).toBe(true);
    expect(passwordRuleHolds(whitespace, 'abc\t')).toBe(false);
  });

  it('uses the §5 messages verbatim', () => {
    expect(checkAuth('login', { username: 'x', password: '' })).toEqual({
      username: ['Please provide a valid email address.'],
      password: ['Password is required.'],
    });
    expect(checkAuth('signup', { username: 'x', password: 'Abcdefghijk1!' }).username).toEqual(['Your email address must be valid.']);
    expect(checkAuth('confirm', { username: 'a@example.org', code: '1234567' }).code).toEqual([
      'The confirmation code must be exactly 6 numbers.',
    ]);
    expect(checkAuth('resend', { username: 'x' }).username).toEqual([
      'You must provide a valid email address to resend a confirmation code.',
    ]);
    expect(
      checkAuth('reset', { username: 'a@example.org', password: 'Abcdefghijk1!', confirm_password: 'Abcdefghijk1?', id: 'A'.repeat(43) }),
    ).toEqual({
      confirm_password: [AUTH_MESSAGES.passwordsMatch],
    });
  });

  it('normalises e-mail addresses (trimmed, lower-case)', () => {
    expect(authValues('forgot', { username: '  Ada@Example.ORG ' }).value).toEqual({ username: 'ada@example.org' });
  });
});

describe('common passwords', () => {
  it.each(['password1234', 'Password123!', 'P@ssw0rd1234', 'Qwerty123456!', 'Football#2025', '!!Monkey1234567'])('%s is common', (p) => {
    expect(isCommonPassword(p)).toBe(true);
  });
  it.each(['Blue-Canyon-Lantern-42', 'Tr0ub4dor&3xQ', 'Quiet#River9Stones'])('%s is not', (p) => {
    expect(isCommonPassword(p)).toBe(false);
  });
});

describe('login backoff and cookies', () => {
  it('grows exponentially after 5 failures and is capped at 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 8].map(loginDelayMs)).toEqual([0, 0, 30_000, 60_000, 120_000, 240_000]);
    expect(loginDelayMs(50)).toBe(15 * 60_000);
    expect(waitText(30_000)).toBe('30 seconds');
    expect(waitText(61_000)).toBe('2 minutes');
  });

  it('names both cookies with the identity-provider prefix (§4 login test)', () => {
    expect(SESSION_COOKIE.startsWith(IDENTITY_PROVIDER_PREFIX)).toBe(true);
    expect(LOGGED_IN_COOKIE.startsWith(IDENTITY_PROVIDER_PREFIX)).toBe(true);
    expect(hasIdentityCookie(`a=1; ${LOGGED_IN_COOKIE}=1`)).toBe(true);
    expect(hasIdentityCookie('a=1; b=CognitoIdentityServiceProvider.x')).toBe(false);
  });
});
