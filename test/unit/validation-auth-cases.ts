/** Validation cases for the sign-up, login and password forms (contracts/auth-check.ts; test/unit/validation.test.ts). */
import { AUTH_MESSAGES, type AuthForm, type FieldErrors } from '../../contracts/auth-check.js';
import { PASSWORD_RULES } from '../../contracts/password-rules.js';

export interface AuthCase {
  name: string;
  form: AuthForm;
  values: Record<string, unknown>;
  expected: FieldErrors;
}

const GOOD_PASSWORD = 'Abcdefghijk1!';
const RESET_ID = 'A'.repeat(43);
const [length, uppercase, lowercase, number, special, whitespace] = PASSWORD_RULES.map((rule) => rule.message) as [
  string,
  string,
  string,
  string,
  string,
  string,
];

export const AUTH_CASES: AuthCase[] = [
  { name: 'login: valid', form: 'login', values: { username: 'a@example.org', password: 'x' }, expected: {} },
  {
    name: 'login: nothing',
    form: 'login',
    values: {},
    expected: { username: [AUTH_MESSAGES.loginEmail], password: [AUTH_MESSAGES.passwordRequired] },
  },
  {
    name: 'login: empty strings',
    form: 'login',
    values: { username: '', password: '' },
    expected: { username: [AUTH_MESSAGES.loginEmail], password: [AUTH_MESSAGES.passwordRequired] },
  },
  {
    name: 'login: spaces only',
    form: 'login',
    values: { username: '   ', password: '   ' },
    expected: { username: [AUTH_MESSAGES.loginEmail] },
  },
  {
    name: 'login: trimmed and lower-cased address',
    form: 'login',
    values: { username: '  Ada@Example.ORG ', password: 'x' },
    expected: {},
  },
  {
    name: 'login: a number as address and password',
    form: 'login',
    values: { username: 5, password: 5 },
    expected: { username: [AUTH_MESSAGES.loginEmail], password: [AUTH_MESSAGES.passwordRequired] },
  },
  {
    name: 'login: null',
    form: 'login',
    values: { username: null, password: null },
    expected: { username: [AUTH_MESSAGES.loginEmail], password: [AUTH_MESSAGES.passwordRequired] },
  },
  { name: 'login: password of 256', form: 'login', values: { username: 'a@example.org', password: 'p'.repeat(256) }, expected: {} },
  {
    name: 'login: password of 257',
    form: 'login',
    values: { username: 'a@example.org', password: 'p'.repeat(257) },
    expected: { password: [AUTH_MESSAGES.passwordTooLong] },
  },
  {
    name: 'login: address of 254',
    form: 'login',
    values: { username: `${'l'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(57)}.org`, password: 'x' },
    expected: {},
  },
  {
    name: 'login: address of 255',
    form: 'login',
    values: { username: `${'l'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(58)}.org`, password: 'x' },
    expected: { username: [AUTH_MESSAGES.loginEmail] },
  },
  {
    name: 'login: address of 254 once trimmed',
    form: 'login',
    values: { username: `  ${'l'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(57)}.org  `, password: 'x' },
    expected: {},
  },
  {
    name: 'login: carried answers',
    form: 'login',
    values: { username: 'a@example.org', password: 'x', answers: { first_name: 'Ada', legal_agree: true, Other_Key: 5 } },
    expected: {},
  },
  {
    name: 'login: carried answer of a wrong type',
    form: 'login',
    values: { username: 'a@example.org', password: 'x', answers: { first_name: 5 } },
    expected: { answers: [AUTH_MESSAGES.carriedAnswers] },
  },
  {
    name: 'login: carried answer too long',
    form: 'login',
    values: { username: 'a@example.org', password: 'x', answers: { college_pay: 'x'.repeat(7001) } },
    expected: { answers: [AUTH_MESSAGES.carriedAnswers] },
  },
  {
    name: 'login: carried answers not an object',
    form: 'login',
    values: { username: 'x', password: 'x', answers: ['a'] },
    expected: { username: [AUTH_MESSAGES.loginEmail], answers: [AUTH_MESSAGES.carriedAnswers] },
  },
  {
    name: 'login: too many carried answers',
    form: 'login',
    values: {
      username: 'a@example.org',
      password: 'x',
      answers: Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`k${i}`, ''])),
    },
    expected: { answers: [AUTH_MESSAGES.carriedAnswers] },
  },
  { name: 'signup: valid', form: 'signup', values: { username: 'a@example.org', password: GOOD_PASSWORD }, expected: {} },
  {
    name: 'signup: empty',
    form: 'signup',
    values: { username: '', password: '' },
    expected: { username: [AUTH_MESSAGES.email], password: [length] },
  },
  { name: 'signup: missing password', form: 'signup', values: { username: 'a@example.org' }, expected: { password: [length] } },
  {
    name: 'signup: a number as password',
    form: 'signup',
    values: { username: 'a@example.org', password: 123456789012 },
    expected: { password: [length] },
  },
  {
    name: 'signup: every rule broken',
    form: 'signup',
    values: { username: 'a@example.org', password: ' ' },
    expected: { password: [length, uppercase, lowercase, number, special, whitespace] },
  },
  {
    name: 'signup: spaces around',
    form: 'signup',
    values: { username: 'a@example.org', password: ` ${GOOD_PASSWORD} ` },
    expected: { password: [whitespace] },
  },
  {
    name: 'signup: tab at the end',
    form: 'signup',
    values: { username: 'a@example.org', password: `${GOOD_PASSWORD}\t` },
    expected: { password: [whitespace] },
  },
  {
    name: 'signup: unicode letters count as upper and lower case',
    form: 'signup',
    values: { username: 'a@example.org', password: 'ÄÖÜäöüßéèê1!' },
    expected: {},
  },
  {
    name: 'signup: euro is not special',
    form: 'signup',
    values: { username: 'a@example.org', password: 'Abcdefghijk1€' },
    expected: { password: [special] },
  },
  {
    name: 'signup: too long and missing a number',
    form: 'signup',
    values: { username: 'a@example.org', password: `A!${'a'.repeat(300)}` },
    expected: { password: [AUTH_MESSAGES.passwordTooLong, number] },
  },
  {
    name: 'signup: extra fields are ignored',
    form: 'signup',
    values: { username: 'a@example.org', password: GOOD_PASSWORD, confirm_password: 'x', code: 5 },
    expected: {},
  },
  { name: 'confirm: valid', form: 'confirm', values: { username: 'a@example.org', code: '123456' }, expected: {} },
  { name: 'confirm: code with spaces around', form: 'confirm', values: { username: 'a@example.org', code: ' 123456 ' }, expected: {} },
  {
    name: 'confirm: code of 7',
    form: 'confirm',
    values: { username: 'a@example.org', code: '1234567' },
    expected: { code: [AUTH_MESSAGES.code] },
  },
  {
    name: 'confirm: code with a space inside',
    form: 'confirm',
    values: { username: 'a@example.org', code: '123 456' },
    expected: { code: [AUTH_MESSAGES.code] },
  },
  {
    name: 'confirm: code as a number',
    form: 'confirm',
    values: { username: 'a@example.org', code: 123456 },
    expected: { code: [AUTH_MESSAGES.code] },
  },
  {
    name: 'confirm: Arabic-Indic digits',
    form: 'confirm',
    values: { username: 'a@example.org', code: '١٢٣٤٥٦' },
    expected: { code: [AUTH_MESSAGES.code] },
  },
  { name: 'confirm: nothing', form: 'confirm', values: {}, expected: { username: [AUTH_MESSAGES.email], code: [AUTH_MESSAGES.code] } },
  { name: 'resend: malformed', form: 'resend', values: { username: 'x' }, expected: { username: [AUTH_MESSAGES.resendEmail] } },
  { name: 'forgot: valid with capitals', form: 'forgot', values: { username: 'ADA@EXAMPLE.ORG' }, expected: {} },
  {
    name: 'forgot: two addresses',
    form: 'forgot',
    values: { username: 'a@example.org, b@example.org' },
    expected: { username: [AUTH_MESSAGES.email] },
  },
  {
    name: 'reset: valid',
    form: 'reset',
    values: { username: 'a@example.org', password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, id: RESET_ID },
    expected: {},
  },
  {
    name: 'reset: passwords differ',
    form: 'reset',
    values: { username: 'a@example.org', password: GOOD_PASSWORD, confirm_password: `${GOOD_PASSWORD}?`, id: RESET_ID },
    expected: { confirm_password: [AUTH_MESSAGES.passwordsMatch] },
  },
  {
    name: 'reset: both empty',
    form: 'reset',
    values: { username: 'a@example.org', password: '', confirm_password: '', id: RESET_ID },
    expected: { password: [length] },
  },
  {
    name: 'reset: confirmation missing',
    form: 'reset',
    values: { username: 'a@example.org', password: GOOD_PASSWORD, id: RESET_ID },
    expected: { confirm_password: [AUTH_MESSAGES.passwordsMatch] },
  },
  {
    name: 'reset: password missing, confirmation empty',
    form: 'reset',
    values: { username: 'a@example.org', confirm_password: '', id: RESET_ID },
    expected: { password: [length], confirm_password: [AUTH_MESSAGES.passwordsMatch] },
  },
  {
    name: 'reset: link id too short',
    form: 'reset',
    values: { username: 'a@example.org', password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, id: 'A'.repeat(42) },
    expected: { id: [AUTH_MESSAGES.resetLink] },
  },
  {
    name: 'reset: link id with a dot',
    form: 'reset',
    values: { username: 'a@example.org', password: GOOD_PASSWORD, confirm_password: GOOD_PASSWORD, id: `${'A'.repeat(42)}.` },
    expected: { id: [AUTH_MESSAGES.resetLink] },
  },
  {
    name: 'reset: everything wrong',
    form: 'reset',
    values: {},
    expected: {
      username: [AUTH_MESSAGES.email],
      password: [length],
      confirm_password: [AUTH_MESSAGES.passwordsMatch],
      id: [AUTH_MESSAGES.resetLink],
    },
  },
];
