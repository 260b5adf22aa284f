import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { throttles } from '../../platform/observability/metrics.server.js';
import type { Lang } from '../../form/lang.js';
import { passwordChecksFull } from './passwords.server.js';
import { sayIn } from './limits.server.js';

/** How long a sign-in turned away by `admitPasswordCheck` is asked to wait (Retry-After): the line drains in about that. */
export const PASSWORD_CHECKS_FULL_RETRY_SECONDS = 30;

/**
 * Before a sign-in, sign-up or password reset queues for its argon2 check: when the line is full
 * (PASSWORD_CHECKS_WAITING_MAX), a 503 with Retry-After and a message in the request's language, before anything
 * is counted or written (the login's reserved attempt, the sign-up's e-mail), so nobody is charged for the wait.
 * Its own module: limits.server.ts reaches the pages' bundle, passwords.server.ts must not.
 */
export function admitPasswordCheck(services: AppServices, lang?: Lang): void {
  if (!passwordChecksFull(services.config.passwordChecksWaitingMax)) return;
  throttles.inc({ limit: 'password_checks_full' });
  const t = sayIn(lang);
  throw new HttpError(
    503,
    t('Many people are signing in right now. Please wait a minute and try again.'),
    {},
    {
      'Retry-After': String(PASSWORD_CHECKS_FULL_RETRY_SECONDS),
    },
  );
}
