import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { cookieOptions } from '../cookies.server.js';
import { keyedHash, randomToken } from '../auth/tokens.server.js';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../auth/session.server.js';
import { familyCookieName } from '../../contracts/cookies.js';
import { FAMILY_SIGN_IN_PATH } from '../../contracts/family.js';
import {
  deleteFamilySession,
  findFamilySession,
  insertFamilySession,
  invitationsFor,
  touchFamilySession,
  type FamilyMemberRow,
} from '../../db/repos/family.server.js';

/**
 * A family member's session (issue 39) is not an applicant's: its own cookie (Path=/family over http, a `__Host-`
 * cookie over https), its own table, and one guard — `family` in the route map — that reads it. No applicant route
 * or page reads this cookie, so a family session can open nothing of the applicant's but the status page. It is
 * keyed by the address, and what it may read (the invitations of that address) is looked up on every request: an
 * applicant removing someone ends that access on their next request. 15 minutes idle and 12 hours in all, as an
 * applicant's session.
 */
export interface FamilyViewer {
  email: string;
  idHash: string;
  /** The live invitations of this address: one per applicant whose status it may read. */
  invitations: FamilyMemberRow[];
}

declare global {
  namespace Express {
    interface Locals {
      family?: FamilyViewer | null;
    }
  }
}

const TOUCH_EVERY_MS = 30_000;

function familyCookieOptions(services: AppServices): CookieOptions {
  // A __Host- cookie (https) must have Path=/; over http the narrower path keeps it off every applicant request.
  const https = services.config.publicUrl.startsWith('https:');
  return cookieOptions(services.config, { path: https ? '/' : '/family' });
}

/** What the table keeps of a session id: an HMAC under SESSION_SECRET (a leaked table yields no session). */
export const familySessionHash = (services: AppServices, id: string): string =>
  keyedHash(services.config.sessionSecret, 'family-session', id);

function presented(services: AppServices, req: Request): string | null {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[familyCookieName(services.config.publicUrl)];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

/** A new session for a signed-in address (a new id each time: no fixation); an older one this browser had ends. */
export async function startFamilySession(services: AppServices, req: Request, res: Response, email: string): Promise<void> {
  const old = presented(services, req);
  if (old) await deleteFamilySession(services.db.knex, familySessionHash(services, old));
  const id = randomToken();
  const now = services.now();
  await insertFamilySession(services.db.knex, { id_hash: familySessionHash(services, id), email, created_at: now, last_seen_at: now });
  res.cookie(familyCookieName(services.config.publicUrl), id, familyCookieOptions(services));
}

export async function endFamilySession(services: AppServices, req: Request, res: Response): Promise<string | null> {
  const id = presented(services, req);
  const session = id ? await findFamilySession(services.db.knex, familySessionHash(services, id)) : null;
  if (id) await deleteFamilySession(services.db.knex, familySessionHash(services, id));
  res.clearCookie(familyCookieName(services.config.publicUrl), familyCookieOptions(services));
  return session?.email ?? null;
}

/** The live family viewer of a request, or null (expired, removed, unknown: the row and the cookie go). */
export async function familyViewerOf(services: AppServices, req: Request, res: Response): Promise<FamilyViewer | null> {
  const id = presented(services, req);
  if (!id) return null;
  const knex = services.db.knex;
  const idHash = familySessionHash(services, id);
  const session = await findFamilySession(knex, idHash);
  const now = services.now().getTime();
  const live =
    session && now - session.last_seen_at.getTime() < SESSION_IDLE_MS && now - session.created_at.getTime() < SESSION_ABSOLUTE_MS;
  const invitations = live ? await invitationsFor(knex, session.email) : [];
  if (!session || invitations.length === 0) {
    if (session) await deleteFamilySession(knex, idHash);
    res.clearCookie(familyCookieName(services.config.publicUrl), familyCookieOptions(services));
    return null;
  }
  if (now - session.last_seen_at.getTime() >= TOUCH_EVERY_MS) await touchFamilySession(knex, idHash, new Date(now));
  return { email: session.email, idHash, invitations };
}

/**
 * The route map's `family` guard: a live family session whose address someone still invites. Without one, a page
 * request goes to the sign-in page (303) and anything else is a 403.
 */
export function requireFamily(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    const viewer = await familyViewerOf(services, req, res);
    res.locals.family = viewer;
    if (viewer) return next();
    if (req.method === 'GET' || req.method === 'HEAD') return res.redirect(303, `${FAMILY_SIGN_IN_PATH}?ended=1`);
    next(new HttpError(403, 'Please sign in to see the application status.'));
  };
}
