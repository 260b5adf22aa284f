import Joi from 'joi';
import { REVIEW_FORM, type ReviewField } from './review-form.js';
import { ReadingError } from './errors.js';

/** The joi schema of a review, derived from the form's definition (never written twice). */
export function reviewSchema(form: readonly ReviewField[] = REVIEW_FORM): Joi.ObjectSchema {
  const keys: Record<string, Joi.Schema> = {};
  for (const field of form) {
    let schema: Joi.Schema;
    if (field.kind === 'scale')
      schema = Joi.number()
        .integer()
        .min(field.min)
        .max(field.max)
        .label(field.label)
        .messages({
          'number.base': `${field.label}: choose a number from ${field.min} to ${field.max}.`,
          'number.min': `${field.label}: choose a number from ${field.min} to ${field.max}.`,
          'number.max': `${field.label}: choose a number from ${field.min} to ${field.max}.`,
          'number.integer': `${field.label}: choose a whole number from ${field.min} to ${field.max}.`,
        });
    else if (field.kind === 'choice')
      schema = Joi.string()
        .valid(...field.options.map((o) => o.value))
        .label(field.label)
        .messages({ 'any.only': `${field.label}: choose one of ${field.options.map((o) => o.label).join(', ')}.` });
    else
      schema = Joi.string()
        .trim()
        .allow('')
        .max(field.maxLength)
        .label(field.label)
        .messages({ 'string.max': `${field.label}: at most ${field.maxLength} characters.` });
    keys[field.key] = field.required ? schema.required().messages({ 'any.required': `${field.label}: this is required.` }) : schema;
  }
  return Joi.object(keys).unknown(false).messages({ 'object.unknown': 'The review has a field the form does not ask for: {{#label}}.' });
}

const SCHEMA = reviewSchema();

/** A review's answers, typed and trimmed, or a 400 naming the first problem (form posts send numbers as text). */
export function validateReview(answers: unknown): Record<string, string | number> {
  if (!answers || typeof answers !== 'object') throw new ReadingError(400, 'The review is empty.');
  const { value, error } = SCHEMA.validate(answers, { abortEarly: true, convert: true });
  if (error) throw new ReadingError(400, error.details[0]?.message ?? 'The review is not complete.');
  return value as Record<string, string | number>;
}
