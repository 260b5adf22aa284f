/** §9 idle timeout and the warning before it. */
export const IDLE_TIMEOUT_MS = 900_000;
export const WARNING_BEFORE_MS = 60_000;

/** §4 texts. */
export const INACTIVITY_LOGOUT_MESSAGE = 'You have been automatically logged out due to inactivity.';
export const WARNING_TITLE = 'Still working?';
export const WARNING_TEXT = 'You have been inactive for a little while. Would you like to stay logged in?';
export const STAY_LABEL = 'Yes - Take me back to my application';
export const LEAVE_LABEL = 'No - Please log me out';

export type IdlePhase = 'active' | 'warning' | 'expired';

/** Where a student idle since `lastActivity` stands at `now`. */
export function idlePhase(lastActivity: number, now: number): IdlePhase {
  const idle = now - lastActivity;
  if (idle >= IDLE_TIMEOUT_MS) return 'expired';
  if (idle >= IDLE_TIMEOUT_MS - WARNING_BEFORE_MS) return 'warning';
  return 'active';
}

/** Milliseconds from `now` until the phase next changes (the warning, then the timeout). */
export function msUntilNextPhase(lastActivity: number, now: number): number {
  const phase = idlePhase(lastActivity, now);
  if (phase === 'expired') return 0;
  const at = phase === 'active' ? lastActivity + IDLE_TIMEOUT_MS - WARNING_BEFORE_MS : lastActivity + IDLE_TIMEOUT_MS;
  return Math.max(0, at - now);
}

/**
 * The server session slides with each request and ends 15 minutes after the last one. Activity that makes
 * no request (reading, typing) must keep it alive too, or a flush at the warning would meet an ended
 * session: while active, the session is pinged at most this often, with one trailing ping after the last
 * activity, so it always outlives the client's own warning.
 */
export const KEEPALIVE_EVERY_MS = 60_000;

/** When the next keepalive ping is due after activity at `now` (0: ping now). */
export function keepAliveDelay(lastPing: number | null, now: number): number {
  if (lastPing === null || now - lastPing >= KEEPALIVE_EVERY_MS) return 0;
  return lastPing + KEEPALIVE_EVERY_MS - now;
}
