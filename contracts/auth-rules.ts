import Joi from 'joi';
import { AUTH_MESSAGES, CARRIED_ANSWER_KEY, CARRIED_ANSWER_MAX_LENGTH, CARRIED_ANSWERS_MAX, type AuthForm, type FieldErrors } from './auth-check.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_RULES } from './password-rules.js';

/**
 * THE account-form rules (§5 Auth) as the API validates them (authoritative). Server-only in practice:
 * the auth cards check with contracts/auth-check.ts, which gives the same messages without joi (one
 * table of cases runs through both in test/unit/validation-agreement.test.ts).
 */

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
  .pattern(CARRIED_ANSWER_KEY, Joi.alternatives(Joi.string().allow('').max(CARRIED_ANSWER_MAX_LENGTH), Joi.boolean()))
  .max(CARRIED_ANSWERS_MAX)
  .messages({ '*': AUTH_MESSAGES.carriedAnswers });

export const authSchemas: Record<AuthForm, Joi.ObjectSchema> = {
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
};

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
