import type { Answers, Question } from './types.js';
import { evaluate } from './conditions.js';

/** Whether a question is required for these answers (its `required` is a flag or a rule of the definition). */
export function isRequired(q: Pick<Question, 'required'>, answers: Readonly<Answers>): boolean {
  if (q.required === undefined || q.required === false) return false;
  if (q.required === true) return true;
  return evaluate(q.required, answers);
}
