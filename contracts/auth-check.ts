import { isEmailAddress } from '../form/email-address.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_RULES, PASSWORDS_MATCH_RULE, passwordRuleHolds } from './password-rules.js';

/**
 * THE account-form rules (§5 Auth): the auth cards check with `checkAuth` (lazily, as their own small
 * chunk), the API and the cards' plain form posts with `authValues`, which runs the same checks (ADR 0250).
 * Shared with the browser: nothing server-only may be imported here.
 */

export const AUTH_MESSAGES = {
  email: 'Your email address must be valid.',
  loginEmail: 'Please provide a valid email address.',
  passwordRequired: 'Password is required.',
  code: 'The confirmation code must be exactly 6 numbers.',
  resendEmail: 'You must provide a valid email address to resend a confirmation code.',
  passwordsMatch: PASSWORDS_MATCH_RULE.message,
  passwordTooLong: 'Your password must be at most 256 characters.',
  resetLink: 'This password reset link is invalid or has expired. Please request a new password reset e-mail.',
  carriedAnswers: 'The saved answers are not in the expected form.',
} as const;

export type AuthForm = 'login' | 'signup' | 'confirm' | 'resend' | 'forgot' | 'reset';

/** Field → every message for it, duplicates removed (§5 General). Empty object means valid. */
export type FieldErrors = Record<string, string[]>;

/** Answers typed while logged out (§2) carried with the login call: keys of this form, at most 2,000 of them. */
export const CARRIED_ANSWER_KEY = /^[a-z][a-z0-9_]{0,79}$/;
export const CARRIED_ANSWERS_MAX = 2000;
export const CARRIED_ANSWER_MAX_LENGTH = 7000;

/**
 * The address as the API stores it: trimmed, lower-case. `toLowerCase`, not `toLocaleLowerCase`: the same
 * address whatever the locale of the browser or the server (they differ only under tr, az and lt).
 */
export function normalisedEmail(value: string): string {
  return value.toLowerCase().trim();
}

/** A required address of at most 254 characters once normalised, that form/email-address.ts accepts. */
function email(message: string) {
  return (value: unknown): string[] => {
    if (typeof value !== 'string') return [message];
    const address = normalisedEmail(value);
    return address !== '' && address.length <= 254 && isEmailAddress(address) ? [] : [message];
  };
}

function loginPassword(value: unknown): string[] {
  if (typeof value !== 'string' || value === '') return [AUTH_MESSAGES.passwordRequired];
  return value.length > PASSWORD_MAX_LENGTH ? [AUTH_MESSAGES.passwordTooLong] : [];
}

/** The too-long message first, then every checklist rule the password breaks, in checklist order. */
function newPassword(value: unknown): string[] {
  if (typeof value !== 'string' || value === '') return [PASSWORD_RULES[0]!.message];
  const messages: string[] = value.length > PASSWORD_MAX_LENGTH ? [AUTH_MESSAGES.passwordTooLong] : [];
  for (const rule of PASSWORD_RULES) if (!passwordRuleHolds(rule, value)) messages.push(rule.message);
  return messages;
}

function code(value: unknown): string[] {
  return typeof value === 'string' && /^[0-9]{6}$/.test(value.trim()) ? [] : [AUTH_MESSAGES.code];
}

function carriedAnswers(value: unknown): string[] {
  if (value === undefined) return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [AUTH_MESSAGES.carriedAnswers];
  // Keys of another form are dropped by the API, not refused.
  const entries = Object.entries(value).filter(([key]) => CARRIED_ANSWER_KEY.test(key));
  const fits = (answer: unknown) =>
    typeof answer === 'boolean' || (typeof answer === 'string' && answer.length <= CARRIED_ANSWER_MAX_LENGTH);
  return entries.length <= CARRIED_ANSWERS_MAX && entries.every(([, answer]) => fits(answer)) ? [] : [AUTH_MESSAGES.carriedAnswers];
}

type FieldCheck = (value: unknown, values: Readonly<Record<string, unknown>>) => string[];

/** Each form's fields with their checks, in the order the errors list them (the first one gets the focus). */
const FORMS: Record<AuthForm, ReadonlyArray<readonly [string, FieldCheck]>> = {
  login: [
    ['username', email(AUTH_MESSAGES.loginEmail)],
    ['password', loginPassword],
    ['answers', carriedAnswers],
  ],
  signup: [
    ['username', email(AUTH_MESSAGES.email)],
    ['password', newPassword],
  ],
  confirm: [
    ['username', email(AUTH_MESSAGES.email)],
    ['code', code],
  ],
  resend: [['username', email(AUTH_MESSAGES.resendEmail)]],
  forgot: [['username', email(AUTH_MESSAGES.email)]],
  reset: [
    ['username', email(AUTH_MESSAGES.email)],
    ['password', newPassword],
    // The same text as the password, compared as typed (an empty pair counts as matching).
    ['confirm_password', (value, values) => (value !== undefined && value === values.password ? [] : [AUTH_MESSAGES.passwordsMatch])],
    ['id', (value) => (typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? [] : [AUTH_MESSAGES.resetLink])],
  ],
};

/** The fields `form` takes; any other key of a request is dropped. */
export function authFields(form: AuthForm): string[] {
  return FORMS[form].map(([key]) => key);
}

/** Every message for every field of `form`, duplicates removed; fields without one are left out. */
export function checkAuth(form: AuthForm, values: Readonly<Record<string, unknown>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, check] of FORMS[form]) {
    const messages = [...new Set(check(values[key], values))];
    if (messages.length > 0) errors[key] = messages;
  }
  return errors;
}

/** How a valid value is stored: addresses normalised, the code trimmed, carried answers of other keys dropped. */
function normalised(key: string, value: unknown): unknown {
  if (key === 'username' && typeof value === 'string') return normalisedEmail(value);
  if (key === 'code' && typeof value === 'string') return value.trim();
  if (key === 'answers' && typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).filter(([answerKey]) => CARRIED_ANSWER_KEY.test(answerKey)));
  return value;
}

/**
 * What the API does with a request's values: `errors` as `checkAuth` gives them (empty when valid) and
 * `value`, the form's own fields only, normalised. Use `value` only when `errors` is empty.
 */
export function authValues<T = Record<string, unknown>>(form: AuthForm, values: unknown): { value: T; errors: FieldErrors } {
  // Not an object: every field is missing (callers refuse such a body before, with a message of their own).
  const fields = (typeof values === 'object' && values !== null ? values : {}) as Readonly<Record<string, unknown>>;
  const value: Record<string, unknown> = {};
  for (const [key] of FORMS[form]) if (fields[key] !== undefined) value[key] = normalised(key, fields[key]);
  return { value: value as T, errors: checkAuth(form, fields) };
}

/**
 * The answers a sign-in without the login form (a passkey, issue 41) carries into the account: checked and kept as
 * the login's (`answers`). `ok` false when they do not fit; `answers` undefined when none were sent.
 */
export function carriedAnswersOf(value: unknown): { ok: boolean; answers?: Record<string, string | boolean> } {
  if (carriedAnswers(value).length > 0) return { ok: false };
  return value === undefined ? { ok: true } : { ok: true, answers: normalised('answers', value) as Record<string, string | boolean> };
}
