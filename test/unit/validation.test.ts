import { describe, expect, test } from '@jest/globals';
import Joi from 'joi';
import { authValues, checkAuth, normalisedEmail } from '../../contracts/auth-check.js';
import { isEmailAddress } from '../../form/email-address.js';
import { MESSAGES, parentMessages } from '../../form/messages.js';
import { validate } from '../../form/validate.js';
import type { Answers, FormDefinition, UiState } from '../../form/types.js';
import { AUTH_CASES } from './validation-auth-cases.js';
import { EMAIL_CASES } from './validation-email-cases.js';
import { NOW, VALID } from './validation-form-base.js';
import { FORM_CASES } from './validation-form-cases.js';
import { SYNTHETIC_CASES } from './validation-synthetic-cases.js';

/**
 * The one validator (ADR 0250) on the table of cases (test/unit/validation-*-cases.ts): the form's answers
 * through form/validate.ts, the auth forms' values through contracts/auth-check.ts — the modules both the
 * API and the browser run. joi appears here only as the reference the e-mail check is ported from.
 */

describe('form validation: the table', () => {
  test.each([...FORM_CASES, ...SYNTHETIC_CASES].map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const options: { definition?: FormDefinition; ui?: UiState; now: Date } = {
      now: NOW,
      ...(c.definition ? { definition: c.definition } : {}),
      ...(c.ui ? { ui: c.ui } : {}),
    };
    expect(validate(c.answers as Answers, c.page, options)).toEqual(c.expected);
  });
});

/** joi's e-mail rule, which form/email-address.ts ports, and the rule the API once applied to account addresses. */
const joiEmail = Joi.string().email({ tlds: false });
const joiAccountEmail = Joi.string().trim().lowercase().max(254).email({ tlds: false }).required();

describe('e-mail addresses: the port agrees with joi, in the form and in the auth forms', () => {
  test.each(EMAIL_CASES.map(([address, valid]) => [JSON.stringify(address).slice(0, 60), address, valid] as const))(
    '%s',
    (_title, address, valid) => {
      expect(joiEmail.validate(address).error === undefined).toBe(valid);
      expect(isEmailAddress(address)).toBe(valid);
      const messages = (key: string) =>
        validate({ ...VALID, [key]: address }, 'all', { now: NOW }).find((entry) => entry.key === key)?.messages ?? [];
      expect(messages('parent_email_address').includes(parentMessages(1).email)).toBe(!valid);
      expect(messages('counselor_email_address').includes(MESSAGES.counselorEmail)).toBe(!valid);
      for (const username of [address, address.toUpperCase(), ` ${address}\t`]) {
        const accepted = joiAccountEmail.validate(username).error === undefined;
        expect({ username, accepted: checkAuth('forgot', { username }).username === undefined }).toEqual({ username, accepted });
      }
      expect(normalisedEmail(` ${address} `)).toBe(address.trim().toLowerCase());
    },
  );
});

test('e-mail addresses: 20,000 generated strings, joi and the port agree', () => {
  const rng = random(2026);
  // Characters where the rules turn: separators, dots and hyphens, quotes and brackets, digits, non-ASCII, IDNA mappings.
  const alphabet = [
    'a',
    'b',
    'c',
    'd',
    'e',
    'k',
    'm',
    'Z',
    'Q',
    '1',
    '0',
    '.',
    '.',
    '@',
    '@',
    '-',
    '_',
    '+',
    '"',
    ' ',
    '[',
    ']',
    ':',
    '%',
    'ü',
    'é',
    'e\u0301',
    '\u00AD',
    '\u3002',
    'ß',
    'x',
    'n',
    '-',
    '用',
  ];
  const tails = ['', '.org', '.de', '.c0m', '.1', 'xn--', '.xn--mnchen-3ya'];
  let accepted = 0;
  for (let i = 0; i < 20_000; i += 1) {
    const length = 1 + Math.floor(rng.next() * 8);
    let address = '';
    for (let j = 0; j < length; j += 1) address += rng.pick(alphabet);
    if (rng.next() < 0.7) address = `${rng.pick(['a', 'a.b', 'ü', ''])}@${address}${rng.pick(tails)}`;
    const valid = joiEmail.validate(address).error === undefined;
    if (valid) accepted += 1;
    if (isEmailAddress(address) !== valid) expect({ address, port: isEmailAddress(address) }).toEqual({ address, port: valid });
  }
  // Enough of them are addresses for the comparison to mean something.
  expect(accepted).toBeGreaterThan(1000);
});

describe('auth rules: the table', () => {
  test.each(AUTH_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const errors = checkAuth(c.form, c.values);
    expect(errors).toEqual(c.expected);
    // Same fields in the same order (the first one gets the focus); the API reports exactly these.
    expect(Object.keys(errors)).toEqual(Object.keys(c.expected));
    expect(authValues(c.form, c.values).errors).toEqual(errors);
  });
});

describe('authValues: what the API keeps of a valid request', () => {
  test('the form’s own fields only, the address trimmed and lower-cased, the code trimmed', () => {
    expect(authValues('confirm', { username: ' Ada@Example.ORG\t', code: ' 123456 ', password: 'x', role: 'admin' })).toEqual({
      value: { username: 'ada@example.org', code: '123456' },
      errors: {},
    });
  });

  test('passwords are kept exactly as typed', () => {
    const password = ' Abcdefghijk1! ';
    expect(authValues('login', { username: 'a@example.org', password }).value).toEqual({ username: 'a@example.org', password });
  });

  test('carried answers keep only keys of the form’s shape', () => {
    const { value, errors } = authValues('login', {
      username: 'a@example.org',
      password: 'x',
      answers: { first_name: 'Ada', legal_agree: true, Other_Key: 5, __proto__x: 'y' },
    });
    expect(errors).toEqual({});
    expect(value).toEqual({ username: 'a@example.org', password: 'x', answers: { first_name: 'Ada', legal_agree: true } });
  });

  test('a body that is not an object misses every field', () => {
    expect(authValues('forgot', 'a@example.org').errors).toEqual(checkAuth('forgot', {}));
  });
});

/** A small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}
