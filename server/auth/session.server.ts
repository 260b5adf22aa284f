import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { cookieOptions as cookieOptionsFor } from '../cookies.server.js';
import { SESSION_INVALID_MESSAGE } from '../../contracts/messages.js';
import { LOGGED_IN_COOKIE, sessionCookieName } from '../../contracts/cookies.js';
import { keyedHash, randomToken } from './tokens.server.js';
import {
  deleteSession,
  findSession,
  findSessionWithApplication,
  insertSession,
  touchSession,
  type SessionWithApplication,
} from '../../db/repos/sessions.server.js';
import type { ApplicationRead, ApplicationReadKind, PageApplicationRead } from '../../db/repos/applications.server.js';

export { IDENTITY_PROVIDER_PREFIX, SESSION_COOKIE, LOGGED_IN_COOKIE } from '../../contracts/cookies.js';

/** §9 idle timeout: the session ends 15 minutes after the last request (sliding). */
export const SESSION_IDLE_MS = 15 * 60_000;
/** Whatever the activity, a session ends 12 hours after login. */
export const SESSION_ABSOLUTE_MS = 12 * 3600_000;
/** Sliding expiry is refreshed at most this often, sparing a write per request. */
const TOUCH_EVERY_MS = 30_000;

export interface SessionUser {
  id: string;
  username: string;
  /** The account's remembered language (server/i18n/language.server.ts); null when never recorded. */
  language?: string | null;
}

declare global {
  namespace Express {
    interface Locals {
      /** Set by sessionMiddleware for every request after cookieParser: the logged-in user or null. */
      user: SessionUser | null;
    }
  }
}

const cookieOptions = (services: AppServices, httpOnly: boolean): CookieOptions => cookieOptionsFor(services.config, { httpOnly });

export function setSessionCookies(services: AppServices, res: Response, sessionId: string): void {
  res.cookie(sessionCookieName(services.config.publicUrl), sessionId, cookieOptions(services, true));
  res.cookie(LOGGED_IN_COOKIE, '1', cookieOptions(services, false));
}

export function clearSessionCookies(services: AppServices, res: Response): void {
  res.clearCookie(sessionCookieName(services.config.publicUrl), cookieOptions(services, true));
  res.clearCookie(LOGGED_IN_COOKIE, cookieOptions(services, false));
}

function sessionIdFrom(services: AppServices, req: Request): string | null {
  // Over https only the __Host- name counts: a cookie without the prefix may have been planted (contracts/cookies.ts).
  const value = (req.cookies as Record<string, unknown> | undefined)?.[sessionCookieName(services.config.publicUrl)];
  // Our ids are 43 base64url characters; anything else is not worth a database round trip.
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/**
 * What the sessions table keeps of a cookie's id: an HMAC under SESSION_SECRET, so a leaked table yields no
 * usable session, and a new secret finds none of the old rows — rotating SESSION_SECRET ends every session.
 */
export function sessionIdHash(secret: string, id: string): string {
  return keyedHash(secret, 'session', id);
}

/** A new session (new id at every login: no fixation); returns the cookie value. */
export async function startSession(services: AppServices, res: Response, userId: string): Promise<void> {
  const id = randomToken();
  const now = services.now();
  await insertSession(services.db.knex, {
    id_hash: sessionIdHash(services.config.sessionSecret, id),
    user_id: userId,
    created_at: now,
    last_seen_at: now,
  });
  setSessionCookies(services, res, id);
}

/** Deletes the session the request presents, if any (a login replaces an older session). */
export async function dropPresentedSession(services: AppServices, req: Request): Promise<void> {
  const id = sessionIdFrom(services, req);
  if (id) await deleteSession(services.db.knex, sessionIdHash(services.config.sessionSecret, id));
}

/** Logout: deletes the session and clears both cookies. */
export async function endSession(services: AppServices, req: Request, res: Response): Promise<void> {
  await dropPresentedSession(services, req);
  clearSessionCookies(services, res);
}

/**
 * Reads the session cookie and sets `res.locals.user`. Expired sessions (15 minutes idle, 12 hours
 * in all) are deleted and their cookies cleared, so the §4 cookie test turns false as well.
 */
export interface SessionReads {
  /** Whether this request will read its user's application, and how: then it is read with the session, in one statement. */
  applicationRead(req: Request): ApplicationReadKind | null;
  /** Receives that read (undefined: the user has no application yet), for a live session only. */
  keep(
    locals: Response['locals'],
    userId: string,
    kind: ApplicationReadKind,
    application: ApplicationRead | PageApplicationRead | undefined,
  ): void;
}

export function sessionMiddleware(services: AppServices, reads?: SessionReads): RequestHandler {
  return async (req, res, next) => {
    res.locals.user = null;
    const id = sessionIdFrom(services, req);
    if (!id) {
      if (req.cookies?.[sessionCookieName(services.config.publicUrl)] !== undefined || req.cookies?.[LOGGED_IN_COOKIE] !== undefined)
        clearSessionCookies(services, res);
      return next();
    }
    const idHash = sessionIdHash(services.config.sessionSecret, id);
    const kind = reads?.applicationRead(req) ?? null;
    const session = kind ? await findSessionWithApplication(services.db.knex, idHash, kind) : await findSession(services.db.knex, idHash);
    const now = services.now().getTime();
    if (!session || now - session.last_seen_at.getTime() >= SESSION_IDLE_MS || now - session.created_at.getTime() >= SESSION_ABSOLUTE_MS) {
      if (session) await deleteSession(services.db.knex, idHash);
      clearSessionCookies(services, res);
      return next();
    }
    if (now - session.last_seen_at.getTime() >= TOUCH_EVERY_MS) await touchSession(services.db.knex, idHash, new Date(now));
    res.locals.user = { id: session.user_id, username: session.username, language: session.language };
    if (kind) reads!.keep(res.locals, session.user_id, kind, (session as SessionWithApplication).application);
    next();
  };
}

/** Guard for /api routes: 401 JSON {message} without a valid session (§8 session invalid). */
export const requireUser: RequestHandler = (_req, res, next) => {
  if (!res.locals.user) return next(new HttpError(401, SESSION_INVALID_MESSAGE));
  next();
};
