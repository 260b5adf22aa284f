import type { Answers } from '../../form/types.js';
import { hasAnyAnswer } from './state.js';

export type LeaveKind = 'step' | 'continue' | 'submit';

export const SIGNUP_ROUTE = '/signup';

/**
 * Where a step link, Continue or Submit takes the applicant (§2, §6). Logged-out visitors are sent to
 * /signup carrying their answers when they typed anything — Submit always, since only an account can
 * submit; Continue and step links go to their target while nothing is answered. Logged-in students go to
 * the target (the lifecycle issue saves and validates before leaving: see `beforeLeave` in the island).
 */
export function leaveDestination(
  kind: LeaveKind,
  target: string,
  { isLoggedIn, answers }: { isLoggedIn: boolean; answers: Answers },
): string {
  if (isLoggedIn) return target;
  if (kind === 'submit' || hasAnyAnswer(answers)) return SIGNUP_ROUTE;
  return target;
}
