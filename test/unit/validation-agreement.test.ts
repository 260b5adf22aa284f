import { describe, expect, test } from '@jest/globals';
import Joi from 'joi';
import { checkAuth, normalisedEmail } from '../../contracts/auth-check.js';
import { authErrors } from '../../contracts/auth-rules.js';
import { PASSWORD_SPECIAL_CHARACTERS } from '../../contracts/password-rules.js';
import { checkAnswers } from '../../form/check-answers.js';
import { formDefinition } from '../../form/definition.js';
import { isEmailAddress } from '../../form/email-address.js';
import { allFields, optionsFor } from '../../form/fields.js';
import { validate } from '../../form/schema.js';
import type { Answers, FormDefinition, PageId, Question, UiState } from '../../form/types.js';
import { AUTH_CASES, EMAIL_CASES, FORM_CASES, NOW, SYNTHETIC, VALID } from './validation-cases.js';

/**
 * The server validates with joi, the browser without it (issue 19): one table of cases
 * (test/unit/validation-cases.ts) and generated answers run through both, which must agree exactly —
 * the same entries, messages and order.
 */

type Options = { definition?: FormDefinition; ui?: UiState; now: Date };

function both(answers: Record<string, unknown>, page: PageId | 'all', options: Options) {
  const typed = answers as Answers;
  return { server: validate(typed, page, options), browser: checkAnswers(typed, page, options) };
}

describe('form validation: the table, through joi and the browser checks', () => {
  test.each(FORM_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const options: Options = { now: NOW, ...(c.definition ? { definition: c.definition } : {}), ...(c.ui ? { ui: c.ui } : {}) };
    const { server, browser } = both(c.answers, c.page, options);
    expect(server).toEqual(c.expected);
    expect(browser).toEqual(c.expected);
  });
});

const joiEmail = Joi.string().email({ tlds: false });

describe('e-mail addresses: joi, the port and both validators agree', () => {
  test.each(EMAIL_CASES.map(([address, valid]) => [JSON.stringify(address).slice(0, 60), address, valid] as const))('%s', (_title, address, valid) => {
    expect(joiEmail.validate(address).error === undefined).toBe(valid);
    expect(isEmailAddress(address)).toBe(valid);
    const form = { ...VALID, parent_email_address: address, counselor_email_address: address };
    const { server, browser } = both(form, 'all', { now: NOW });
    expect(browser).toEqual(server);
    for (const values of [{ username: address }, { username: address.toUpperCase() }, { username: ` ${address}\t` }]) {
      expect(checkAuth('forgot', values)).toEqual(authErrors('forgot', values));
    }
    // The cards never refuse what the API accepts.
    if (authErrors('signup', { username: address }).username === undefined) expect(checkAuth('signup', { username: address }).username).toBeUndefined();
    expect(normalisedEmail(` ${address} `)).toBe(address.trim().toLowerCase());
  });
});

test('e-mail addresses: 20,000 generated strings, joi and the port agree', () => {
  const rng = random(2026);
  // Characters where the rules turn: separators, dots and hyphens, quotes and brackets, digits, non-ASCII, IDNA mappings.
  const alphabet = ['a', 'b', 'c', 'd', 'e', 'k', 'm', 'Z', 'Q', '1', '0', '.', '.', '@', '@', '-', '_', '+', '"', ' ', '[', ']', ':', '%', 'ü', 'é', 'e\u0301', '\u00AD', '\u3002', 'ß', 'x', 'n', '-', '用'];
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

describe('auth rules: the table, through joi and the browser checks', () => {
  test.each(AUTH_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const server = authErrors(c.form, c.values);
    const browser = checkAuth(c.form, c.values);
    expect(server).toEqual(c.expected);
    expect(browser).toEqual(c.expected);
    // Same fields in the same order (the first one gets the focus).
    expect(Object.keys(browser)).toEqual(Object.keys(server));
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
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const ODD_VALUES: readonly unknown[] = ['', false, true, null, 0, 7, -1.5, [], ['x'], {}, { a: 1 }, ' ', 'x', 'ANSWERED', 'Y', 'N', 'US', '1', '2'];
const TEXTS: readonly string[] = [
  'Ada', 'a'.repeat(45), 'a'.repeat(46), 'x'.repeat(101), 'x'.repeat(1501), 'x'.repeat(7001), '8370', '83702', '83702-1234', 'K1A 0B1',
  '2008-03-04', '2008-02-30', '2013-11-23', '1926-11-21', '1926-11-22', '2024-02-29', '03/04/2008',
  '(801) 555-1234', '801-555-1234', '8015551234', '(108) 555-2345', '+44 20 7946 0958', '123-45-6789', '3.75', '4.5',
  'a@example.org', 'a@b', 'a..b@example.org', 'ü@münchen.de', `${'l'.repeat(40)}@example.org`, '😀😀',
];

/** A value for one question: mostly plausible (one of its options, a text of its kind), sometimes anything. */
function valueFor(question: Question, answers: Record<string, unknown>, rng: ReturnType<typeof random>): unknown {
  const roll = rng.next();
  if (roll < 0.25) return rng.pick(ODD_VALUES);
  const options = optionsFor(question, answers, NOW);
  if (options.length > 0 && roll < 0.85) return rng.pick(options).value;
  if (question.kind === 'checkbox') return rng.pick([true, false, 'true']);
  if (question.kind === 'file') return rng.pick(['ANSWERED', 'PENDING', '']);
  return rng.pick(TEXTS);
}

function generated(definition: FormDefinition, seed: number): { answers: Record<string, unknown>; ui: UiState | undefined } {
  const rng = random(seed);
  const answers: Record<string, unknown> = {};
  const base = definition === SYNTHETIC ? {} : VALID;
  // Start from the valid application (so deeper questions show up) and change a few answers, or many.
  Object.assign(answers, rng.next() < 0.8 ? base : {});
  const rate = rng.pick([0.05, 0.2, 0.6]);
  for (const { question } of allFields(definition)) {
    if (rng.next() < rate) answers[question.key] = valueFor(question, answers, rng);
    else if (rng.next() < 0.02) delete answers[question.key];
  }
  const ui = rng.next() < 0.3 ? { addAnother: { 'high-schools': rng.pick([1, 2, 5]) }, tabs: { 'transcript-source': rng.pick(['upload', 'counselor']) } } : undefined;
  return { answers, ui };
}

describe('generated answers: joi and the browser checks agree', () => {
  const pages: ReadonlyArray<PageId | 'all'> = ['about', 'education', 'final-steps', 'all'];
  test.each([
    ['the form', formDefinition()],
    ['the synthetic definition', SYNTHETIC],
  ] as const)('%s: 400 answer sets on every page', (_name, definition) => {
    let differences = 0;
    const seen = new Set<string>();
    for (let seed = 1; seed <= 400; seed += 1) {
      const { answers, ui } = generated(definition, seed);
      for (const page of pages) {
        const { server, browser } = both(answers, page, { now: NOW, definition, ...(ui ? { ui } : {}) });
        for (const entry of server) for (const message of entry.messages) seen.add(message);
        if (JSON.stringify(server) !== JSON.stringify(browser)) {
          differences += 1;
          // The first difference, in full, with the seed that reproduces it.
          expect({ seed, page, answers, ui, browser }).toEqual({ seed, page, answers, ui, browser: server });
        }
      }
    }
    expect(differences).toBe(0);
    // The sweep means something only if it reaches many different messages.
    expect(seen.size).toBeGreaterThan(definition === SYNTHETIC ? 12 : 40);
  });

  test('auth forms: 2,000 generated value sets', () => {
    const rng = random(19);
    const usernames = ['', ' ', 'a@example.org', ' A@Example.org ', 'a@b', 'x', 5, null, undefined, ...EMAIL_CASES.map(([address]) => address)];
    const passwords = ['', ' ', 'x', 'Abcdefghijk1!', ' Abcdefghijk1!', 'abcdefghijk1!', 'ABCDEFGHIJK1!', 'Abcdefghijkl!', 'Abcdefghijk12', 'p'.repeat(257), `Ab1${PASSWORD_SPECIAL_CHARACTERS}`, 5, undefined];
    const codes = ['123456', ' 123456', '12345', 'abcdef', 123456, undefined, ''];
    const ids = ['A'.repeat(43), 'A'.repeat(44), '-'.repeat(43), '', undefined];
    const answers = [undefined, {}, { first_name: 'Ada' }, { first_name: 1 }, [], 'x', { X: 1 }, null];
    const forms = ['login', 'signup', 'confirm', 'resend', 'forgot', 'reset'] as const;
    for (let i = 0; i < 2000; i += 1) {
      const password = rng.pick(passwords);
      const values: Record<string, unknown> = {
        username: rng.pick(usernames),
        password,
        code: rng.pick(codes),
        id: rng.pick(ids),
        confirm_password: rng.next() < 0.5 ? password : rng.pick(passwords),
        answers: rng.pick(answers),
      };
      for (const key of Object.keys(values)) if (values[key] === undefined) delete values[key];
      const form = rng.pick(forms);
      expect({ i, form, errors: checkAuth(form, values) }).toEqual({ i, form, errors: authErrors(form, values) });
    }
  });
});
