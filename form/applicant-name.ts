import type { Answers } from './types.js';

/**
 * How the application names the applicant, in one place: the greeting speaks to them by the name they go
 * by (§1: the preferred name, else the first name); the application PDF, a record for the office, names
 * them by their legal first and last name.
 */

function answerText(answers: Answers, key: string): string {
  const value = answers[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** §1 greeting: the preferred name, else the first name; '' when neither is answered. */
export function greetingName(answers: Answers): string {
  return answerText(answers, 'preferred_name') || answerText(answers, 'first_name');
}

/** The application PDF's header, title and file name: first and last name, or `fallback` when both are empty. */
export function applicantName(answers: Answers, fallback: string): string {
  return [answerText(answers, 'first_name'), answerText(answers, 'last_name')].filter(Boolean).join(' ') || fallback;
}
