import type { Answers } from './types.js';

/**
 * The one rule for naming the applicant (§1): the name they go by is the preferred name, else the first
 * name. The greeting uses it alone; the application PDF (its header, title and file name) adds the last name.
 */

function answerText(answers: Answers, key: string): string {
  const value = answers[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** §1 greeting: the preferred name, else the first name; '' when neither is answered. */
export function greetingName(answers: Answers): string {
  return answerText(answers, 'preferred_name') || answerText(answers, 'first_name');
}

/** The application PDF's name for the applicant: greeting name and last name, or `fallback` when both are empty. */
export function applicantName(answers: Answers, fallback: string): string {
  return [greetingName(answers), answerText(answers, 'last_name')].filter(Boolean).join(' ') || fallback;
}
