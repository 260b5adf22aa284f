import { loginKey, mailKey } from '../../platform/rate-limit-keys.server.js';
import type { Request, RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { tooManyRequests } from '../../platform/http-error.server.js';
import { keyedHash } from './tokens.server.js';
import { clearKey, deleteStale, hit, reserveAttempt } from '../../db/repos/rate-limits.server.js';
import { throttles } from '../../platform/observability/metrics.server.js';
import { clientKey } from '../security/client-key.server.js';
import type { Lang } from '../../form/lang.js';
import { ES_PAGES } from '../../contracts/i18n/es-catalogue.js';
import { translator, type Translate } from '../../contracts/i18n/translate.js';

/** The refusals are worded in the request's language (the page shows them as they come): docs/i18n.md. */
export const sayIn = (lang: Lang | undefined): Translate => translator(lang ?? 'en', ES_PAGES);

/**
 * Abuse limits (ADR docs/decisions/0010-accounts-and-sessions.md). Per-IP limits are generous because whole
 * classrooms share one school address; per-address limits stop mail bombing and password guessing
 * from many addresses. State lives in the database so every web process shares it.
 */
export type LimitedAction = 'signup' | 'login' | 'confirm' | 'resend' | 'forgot' | 'reset' | 'passkey';

const FIFTEEN_MINUTES = 15 * 60_000;

export const IP_LIMITS: Record<LimitedAction, { max: number; windowMs: number }> = {
  signup: { max: 50, windowMs: FIFTEEN_MINUTES },
  login: { max: 100, windowMs: FIFTEEN_MINUTES },
  confirm: { max: 100, windowMs: FIFTEEN_MINUTES },
  resend: { max: 30, windowMs: FIFTEEN_MINUTES },
  forgot: { max: 30, windowMs: FIFTEEN_MINUTES },
  reset: { max: 30, windowMs: FIFTEEN_MINUTES },
  // Passkey sign-in: options and assertions counted together (two calls a sign-in), as generous as the password's.
  passkey: { max: 200, windowMs: FIFTEEN_MINUTES },
};

/**
 * Adding a passkey, per account (a classroom adds theirs from one address): options and answers counted together.
 * Keyed by the account's id, so erasure removes it with the account (db/repos/erase.server.ts).
 */
export const PASSKEY_ADD_LIMIT = { max: 30, windowMs: FIFTEEN_MINUTES };

/** Middleware after the student guard: 429 with Retry-After once the account has asked too often. */
export function passkeyAddLimit(services: AppServices): RequestHandler {
  return async (_req, res, next) => {
    const wait = await count(services, `account:passkey-add:${res.locals.user!.id}`, PASSKEY_ADD_LIMIT, 'passkey_add');
    const t = sayIn(res.locals.lang);
    if (wait !== null)
      return next(tooManyRequests(t('Too many passkey requests. Please wait {{wait}} and try again.', { wait: waitText(wait, t) }), wait));
    next();
  };
}

/** E-mails (codes, reset links) to one address, whoever asks: stops mail bombing. */
export const MAIL_LIMIT = { max: 5, windowMs: FIFTEEN_MINUTES };

/** Login backoff per account: free attempts, then waits doubling from 30 s up to 15 min (never a lockout). */
export const LOGIN_BACKOFF = {
  freeFailures: 5,
  firstDelayMs: 30_000,
  maxDelayMs: FIFTEEN_MINUTES,
  /** A day without failures forgets the earlier ones. */
  forgetMs: 24 * 3600_000,
};

export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_BACKOFF.freeFailures) return 0;
  return Math.min(LOGIN_BACKOFF.firstDelayMs * 2 ** (failures - LOGIN_BACKOFF.freeFailures), LOGIN_BACKOFF.maxDelayMs);
}

export function waitText(ms: number, t: Translate = sayIn('en')): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? t('1 second') : t('{{n}} seconds', { n: seconds });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? t('1 minute') : t('{{n}} minutes', { n: minutes });
}

/** `name` labels fa_rate_limited_total when the limit refuses (a fixed name, never the key). */
async function count(services: AppServices, key: string, limit: { max: number; windowMs: number }, name: string): Promise<number | null> {
  const now = services.now();
  const { hits, windowStartedAt } = await hit(services.db.knex, key, now, limit.windowMs);
  // Occasional housekeeping instead of a scheduled job.
  if (Math.random() < 0.01) await deleteStale(services.db.knex, new Date(now.getTime() - 2 * LOGIN_BACKOFF.forgetMs));
  if (hits <= limit.max) return null;
  throttles.inc({ limit: name });
  return windowStartedAt.getTime() + limit.windowMs - now.getTime();
}

/** Middleware: 429 with Retry-After once an address (IP) exceeds the action's limit. */
export function ipLimit(services: AppServices, action: LimitedAction): RequestHandler {
  return ipLimitOf(services, action, IP_LIMITS[action]);
}

/** The same for a feature's own action and limit (family access's sign-in: server/family/). */
export function ipLimitOf(services: AppServices, action: string, limit: { max: number; windowMs: number }): RequestHandler {
  return async (req: Request, res, next) => {
    const key = `ip:${action}:${keyedHash(services.config.sessionSecret, 'ip', clientKey(req))}`;
    const wait = await count(services, key, limit, `ip_${action}`);
    const t = sayIn(res.locals.lang);
    if (wait !== null)
      return next(
        tooManyRequests(t('Too many requests from your network. Please wait {{wait}} and try again.', { wait: waitText(wait, t) }), wait),
      );
    next();
  };
}

/** The limiter keys of an address (exported for erasure, which removes an account's own: domain/account/erasure-traces.server.ts). */

/** Throws 429 when too many e-mails went to this address; counted the same for unknown addresses. */
export async function limitMailsTo(services: AppServices, username: string, lang?: Lang): Promise<void> {
  const wait = await count(services, mailKey(services, username), MAIL_LIMIT, 'mail');
  const t = sayIn(lang);
  if (wait !== null)
    throw tooManyRequests(
      t('Too many e-mails were requested for this address. Please wait {{wait}} and try again.', { wait: waitText(wait, t) }),
      wait,
    );
}

/**
 * Reserves one login attempt for the account (known or not) before its password is checked: 429 while it is
 * in backoff; otherwise the attempt counts as a failure until clearLoginFailures says it succeeded. Reserving
 * first is what keeps parallel guesses to the free allowance.
 */
export async function reserveLoginAttempt(services: AppServices, username: string, lang?: Lang): Promise<void> {
  const now = services.now();
  const reservation = await reserveAttempt(services.db.knex, loginKey(services, username), now, LOGIN_BACKOFF.forgetMs, loginDelayMs);
  if (!reservation.allowed) {
    throttles.inc({ limit: 'login_backoff' });
    const wait = reservation.blockedUntil.getTime() - now.getTime();
    const t = sayIn(lang);
    throw tooManyRequests(
      t('Too many unsuccessful login attempts. Please wait {{wait}} before trying again, or reset your password.', {
        wait: waitText(wait, t),
      }),
      wait,
    );
  }
}

export async function clearLoginFailures(services: AppServices, username: string): Promise<void> {
  await clearKey(services.db.knex, loginKey(services, username));
}

/**
 * Visitors' form posts (issue 23 finding 4): anyone can post a form page without an account, and each post from a
 * new browser kept a row of answers for 7 days. Per address: posts in all, and new browsers whose answers are kept.
 * Generous for a classroom behind one address posting without JavaScript; far below what fills a database.
 */
export const VISITOR_POST_LIMIT = { max: 300, windowMs: FIFTEEN_MINUTES };
export const KEPT_ROWS_LIMIT = { max: 50, windowMs: 60 * 60_000 };

const ipKey = (services: AppServices, kind: string, req: Request) =>
  `ip:${kind}:${keyedHash(services.config.sessionSecret, 'ip', clientKey(req))}`;

/** Middleware: 429 once an address has posted too many form pages without a session (before the body is read). */
export function visitorPostLimit(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    if (res.locals.user || res.locals.serviceUser) return next();
    const wait = await count(services, ipKey(services, 'visitor-post', req), VISITOR_POST_LIMIT, 'visitor_post');
    const t = sayIn(res.locals.lang);
    if (wait !== null)
      return next(
        tooManyRequests(
          t('Too many pages were sent from your network without an account. Please wait {{wait}}, or log in, and try again.', {
            wait: waitText(wait, t),
          }),
          wait,
        ),
      );
    next();
  };
}

/** Throws 429 when this address has had too many new browsers' answers kept lately. */
export async function limitNewKeptRows(services: AppServices, req: Request): Promise<void> {
  const wait = await count(services, ipKey(services, 'kept-rows', req), KEPT_ROWS_LIMIT, 'kept_rows');
  const t = sayIn(req.res?.locals.lang as Lang | undefined);
  if (wait !== null)
    throw tooManyRequests(
      t('Too many answers are waiting for a login from your network. Please wait {{wait}}, or create an account, and try again.', {
        wait: waitText(wait, t),
      }),
      wait,
    );
}
