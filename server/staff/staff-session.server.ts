import { STAFF_COOKIE_BASE, staffCookieName } from '../../contracts/cookies.js';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { cookieOptions } from '../cookies.server.js';
import { randomToken, sha256 } from '../auth/tokens.server.js';
import {
  deleteStaffSession,
  findStaffSession,
  insertStaffSession,
  markStaffSessionChecked,
  touchStaffSession,
  type StaffSessionRow,
} from '../../db/repos/staff.server.js';
import { recheckWithProvider } from './oidc-recheck.server.js';
import { sealIdpToken } from './idp-token.server.js';

/**
 * Staff sessions are not applicants' sessions: their own cookie (path /staff, so no applicant page ever
 * carries it, and no identity-provider prefix, so §4's logged-in test never counts it), their own table,
 * 8 hours in all and 30 minutes idle.
 */
/** The name over http (development); over https it is `__Host-fa_staff` (contracts/cookies.ts, issue 23 finding 11). */
export const STAFF_COOKIE = STAFF_COOKIE_BASE;
export const STAFF_SESSION_ABSOLUTE_MS = 8 * 3600_000;
export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
const TOUCH_EVERY_MS = 30_000;
/**
 * How often a provider session's right to the desk is confirmed with the provider itself (userinfo: the
 * account still exists, its token is still good, it is still in STAFF_GROUP). STAFF_EMAILS and STAFF_GROUP
 * of this process's configuration are checked on every request.
 */
export const STAFF_RECHECK_MS = 60_000;

export interface StaffUser {
  email: string;
  via: 'oidc' | 'link';
  /** The provider's groups (for STAFF_ROLES' group: entries); none for a staff link. */
  groups?: string[];
}

/** What a sign-in knows beyond the e-mail: the provider's groups, subject and access token. */
export interface StaffSignIn extends StaffUser {
  groups?: string[];
  sub?: string;
  accessToken?: string | null;
}

declare global {
  namespace Express {
    interface Locals {
      staff?: StaffUser | null;
    }
  }
}

export function staffCookieOptions(services: AppServices, path = '/staff'): CookieOptions {
  // Over https the staff cookies are __Host- cookies (cookieNameFor), which a browser accepts only with Path=/.
  const https = services.config.publicUrl.startsWith('https:');
  return cookieOptions(services.config, { path: https ? '/' : path });
}

function presented(services: AppServices, req: Request): string | null {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[staffCookieName(services.config.publicUrl)];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

export async function startStaffSession(services: AppServices, req: Request, res: Response, user: StaffSignIn): Promise<void> {
  const old = presented(services, req);
  if (old) await deleteStaffSession(services.db.knex, sha256(old));
  const id = randomToken();
  const idHash = sha256(id);
  const now = services.now();
  const ttlSeconds = STAFF_SESSION_ABSOLUTE_MS / 1000;
  await insertStaffSession(services.db.knex, {
    id_hash: idHash,
    email: user.email,
    via: user.via,
    created_at: now,
    last_seen_at: now,
    groups: user.groups ?? [],
    sub: user.sub ?? null,
    idp_access_token: user.accessToken ? sealIdpToken(services.config.sessionSecret, idHash, user.accessToken, { now, ttlSeconds }) : null,
    checked_at: now,
  });
  res.cookie(staffCookieName(services.config.publicUrl), id, staffCookieOptions(services));
}

export async function endStaffSession(services: AppServices, req: Request, res: Response): Promise<void> {
  const id = presented(services, req);
  if (id) await deleteStaffSession(services.db.knex, sha256(id));
  res.clearCookie(staffCookieName(services.config.publicUrl), staffCookieOptions(services));
}

/** Sets res.locals.staff from the staff cookie; expired sessions are deleted and the cookie cleared. */
export function staffSessionMiddleware(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    res.locals.staff = null;
    const id = presented(services, req);
    if (!id) return next();
    const idHash = sha256(id);
    const session = await findStaffSession(services.db.knex, idHash);
    const now = services.now().getTime();
    if (
      !session ||
      now - session.last_seen_at.getTime() >= STAFF_SESSION_IDLE_MS ||
      now - session.created_at.getTime() >= STAFF_SESSION_ABSOLUTE_MS
    ) {
      if (session) await deleteStaffSession(services.db.knex, idHash);
      res.clearCookie(staffCookieName(services.config.publicUrl), staffCookieOptions(services));
      return next();
    }
    if (!(await stillStaff(services, req, idHash, session, now))) {
      // Removed from STAFF_EMAILS or the group since sign-in (issue 23 finding 2): the session ends here.
      await deleteStaffSession(services.db.knex, idHash);
      res.clearCookie(staffCookieName(services.config.publicUrl), staffCookieOptions(services));
      req.log.info({ via: session.via }, 'staff session ended: no longer on the staff list');
      return next();
    }
    if (now - session.last_seen_at.getTime() >= TOUCH_EVERY_MS) await touchStaffSession(services.db.knex, idHash, new Date(now));
    res.locals.staff = { email: session.email, via: session.via, groups: Array.isArray(session.groups) ? session.groups : [] };
    next();
  };
}

/**
 * The configuration is checked on every request; a provider session is also confirmed with the provider at
 * most once a minute. A provider that cannot be reached keeps the session for now (asked again at the next
 * request); a provider that refuses the token or no longer lists the group ends it.
 */
async function stillStaff(services: AppServices, req: Request, idHash: string, session: StaffSessionRow, now: number): Promise<boolean> {
  const groups = Array.isArray(session.groups) ? session.groups : [];
  if (!isStaff(services, session.email, groups)) return false;
  if (session.via === 'link') return true;
  // A provider session cannot be confirmed once no provider is configured.
  if (!services.config.oidc) return false;
  const checked = session.checked_at ? new Date(session.checked_at).getTime() : 0;
  if (now - checked < STAFF_RECHECK_MS) return true;
  const outcome = await recheckWithProvider(services, session);
  if (outcome.kind === 'unreachable') {
    req.log.warn('identity provider unreachable: staff session kept until the next check');
    return true;
  }
  if (outcome.kind === 'refused') return false;
  if (!isStaff(services, outcome.email ?? session.email, outcome.groups)) return false;
  await markStaffSessionChecked(services.db.knex, idHash, new Date(now), outcome.groups);
  return true;
}

/** Who may use the staff desk: a listed address, or (from the identity provider) the required group. */
export function isStaff(services: AppServices, email: string, groups: readonly string[] = []): boolean {
  const { emails, group } = services.config.staff;
  if (emails.includes(email.trim().toLowerCase())) return true;
  return group !== null && groups.includes(group);
}
