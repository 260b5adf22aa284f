import { STAFF_COOKIE_BASE, staffCookieName } from '../../contracts/cookies.js';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../app-services.server.js';
import { cookieOptions } from '../cookies.server.js';
import { randomToken, sha256 } from '../auth/tokens.server.js';
import { deleteStaffSession, findStaffSession, insertStaffSession, touchStaffSession } from '../../db/repos/staff.server.js';

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

export interface StaffUser {
  email: string;
  via: 'oidc' | 'link';
}

declare global {
  namespace Express {
    interface Locals {
      staff?: StaffUser | null;
    }
  }
}

export function staffCookieOptions(services: AppServices, path = '/staff'): CookieOptions {
  // Over https the cookie is a __Host- cookie (staffCookieName), which a browser accepts only with Path=/.
  const https = services.config.publicUrl.startsWith('https:');
  return cookieOptions(services.config, { path: https && path === '/staff' ? '/' : path });
}

function presented(services: AppServices, req: Request): string | null {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[staffCookieName(services.config.publicUrl)];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

export async function startStaffSession(services: AppServices, req: Request, res: Response, user: StaffUser): Promise<void> {
  const old = presented(services, req);
  if (old) await deleteStaffSession(services.db.knex, sha256(old));
  const id = randomToken();
  const now = services.now();
  await insertStaffSession(services.db.knex, { id_hash: sha256(id), email: user.email, via: user.via, created_at: now, last_seen_at: now });
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
    if (!session || now - session.last_seen_at.getTime() >= STAFF_SESSION_IDLE_MS || now - session.created_at.getTime() >= STAFF_SESSION_ABSOLUTE_MS) {
      if (session) await deleteStaffSession(services.db.knex, idHash);
      res.clearCookie(staffCookieName(services.config.publicUrl), staffCookieOptions(services));
      return next();
    }
    if (now - session.last_seen_at.getTime() >= TOUCH_EVERY_MS) await touchStaffSession(services.db.knex, idHash, new Date(now));
    res.locals.staff = { email: session.email, via: session.via };
    next();
  };
}

/** Who may use the staff desk: a listed address, or (from the identity provider) the required group. */
export function isStaff(services: AppServices, email: string, groups: readonly string[] = []): boolean {
  const { emails, group } = services.config.staff;
  if (emails.includes(email.trim().toLowerCase())) return true;
  return group !== null && groups.includes(group);
}
