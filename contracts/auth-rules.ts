import Joi from 'joi';
import { PASSWORD_MAX_LENGTH, PASSWORD_RULES, PASSWORDS_MATCH_RULE } from './password-rules.js';

/**
 * THE account-form rules (§5 Auth), used by the API (authoritative) and by the auth islands (live).
 * Shared with the browser, so nothing server-only may be imported here; the auth islands load this
 * module (and joi with it) only when they first validate (islands/auth/rules-loader.ts).
 */

export const AUTH_MESSAGES = {
  email: 'Your email address must be valid.',
  loginEmail: 'Please provide a valid email address.',
  passwordRequired: 'Password is required.',
  code: 'The confirmation code must be exactly 6 numbers.',
  resendEmail: 'You must provide a valid email address to resend a confirmation code.',
  passwordsMatch: PASSWORDS_MATCH_RULE.label,
  passwordTooLong: 'Your password must be at most 256 characters.',
  resetLink: 'This password reset link is invalid or has expired. Please request a new password reset e-mail.',
} as const;

const email = (message: string) =>
  Joi.string()
    .trim()
    .lowercase()
    .max(254)
    .email({ tlds: false })
    .required()
    .messages({ '*': message });

const newPassword = PASSWORD_RULES.reduce(
  (schema, rule) => schema.pattern(rule.pattern, { name: rule.label, invert: rule.invert ?? false }),
  Joi.string().max(PASSWORD_MAX_LENGTH).required(),
).messages({
  'string.pattern.name': '{#name}',
  'string.pattern.invert.name': '{#name}',
  'string.max': AUTH_MESSAGES.passwordTooLong,
  'string.empty': PASSWORD_RULES[0]!.label,
  'any.required': PASSWORD_RULES[0]!.label,
  'string.base': PASSWORD_RULES[0]!.label,
});

/** Answers typed while logged out (§2), carried with the login call: key → text or flag. */
export const carriedAnswersSchema = Joi.object()
  .pattern(/^[a-z][a-z0-9_]{0,79}$/, Joi.alternatives(Joi.string().allow('').max(7000), Joi.boolean()))
  .max(2000)
  .messages({ '*': 'The saved answers are not in the expected form.' });

export const authSchemas = {
  login: Joi.object({
    username: email(AUTH_MESSAGES.loginEmail),
    password: Joi.string().max(PASSWORD_MAX_LENGTH).required().messages({
      'string.max': AUTH_MESSAGES.passwordTooLong,
      '*': AUTH_MESSAGES.passwordRequired,
    }),
    answers: carriedAnswersSchema.optional(),
  }),
  signup: Joi.object({ username: email(AUTH_MESSAGES.email), password: newPassword }),
  confirm: Joi.object({
    username: email(AUTH_MESSAGES.email),
    code: Joi.string().trim().pattern(/^[0-9]{6}$/).required().messages({ '*': AUTH_MESSAGES.code }),
  }),
  resend: Joi.object({ username: email(AUTH_MESSAGES.resendEmail) }),
  forgot: Joi.object({ username: email(AUTH_MESSAGES.email) }),
  reset: Joi.object({
    username: email(AUTH_MESSAGES.email),
    password: newPassword,
    confirm_password: Joi.any().valid(Joi.ref('password')).required().messages({ '*': AUTH_MESSAGES.passwordsMatch }),
    id: Joi.string().pattern(/^[A-Za-z0-9_-]{43}$/).required().messages({ '*': AUTH_MESSAGES.resetLink }),
  }),
} as const;

export type AuthForm = keyof typeof authSchemas;

/** Field → every message for it, duplicates removed (§5 General). Empty object means valid. */
export type FieldErrors = Record<string, string[]>;

export function authErrors(form: AuthForm, values: Record<string, unknown>): FieldErrors {
  const { error } = authSchemas[form].validate(values, { abortEarly: false, stripUnknown: true });
  const errors: FieldErrors = {};
  for (const detail of error?.details ?? []) {
    const key = String(detail.path[0] ?? 'form');
    const list = (errors[key] ??= []);
    if (!list.includes(detail.message)) list.push(detail.message);
  }
  return errors;
}

/** The validated, normalised values (trimmed lower-case e-mail); throws nothing. */
export function authValues<T = Record<string, unknown>>(form: AuthForm, values: unknown): { value: T; errors: FieldErrors } {
  const { value, error } = authSchemas[form].validate(values, { abortEarly: false, stripUnknown: true });
  return { value: value as T, errors: error ? authErrors(form, (values ?? {}) as Record<string, unknown>) : {} };
}
