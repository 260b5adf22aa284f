import { signToken, verifyToken } from '../../platform/tokens/signed-token.server.js';

/** The deadline reminders' unsubscribe link (issue 40): signed for this purpose only, naming the account; no row. */
export const STOP_REMINDERS_PREFIX = '/deadline-reminders/stop/';
/** Long enough to outlive a cycle: an old reminder's link still works. */
const TOKEN_SECONDS = 400 * 86_400;

export function stopRemindersUrl(config: { sessionSecret: string; publicUrl: string }, userId: string, now: Date): string {
  return `${config.publicUrl}${STOP_REMINDERS_PREFIX}${signToken(config.sessionSecret, 'deadline-reminders', { u: userId }, { now, ttlSeconds: TOKEN_SECONDS })}`;
}

/** The account a link names, or null for a link that is altered, truncated, too old or made for something else. */
export function accountOfStopToken(secret: string, token: unknown, now: Date): string | null {
  const verified = verifyToken<{ u: string }>(secret, 'deadline-reminders', token, now);
  return verified.ok && typeof verified.claims.u === 'string' ? verified.claims.u : null;
}
