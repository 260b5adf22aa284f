import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { cookieOptions as cookieOptionsFor } from '../cookies.server.js';
import { readCookie } from '../../contracts/cookies.js';
import type { Answers } from '../../form/types.js';
import { unknownKeys } from '../../form/answers.js';
import { isAnswered } from '../../form/conditions.js';
import { parseAnswers, prepareAnswers, uiStateOf } from '../application/answers.server.js';
import { randomToken, sha256 } from '../auth/tokens.server.js';
import { limitNewKeptRows } from '../auth/limits.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { openToken, sealToken } from '../../platform/tokens/signed-token.server.js';
import { saveAnswers } from '../../db/repos/applications.server.js';
import { forgetRequestApplication } from '../application/request-application.server.js';
import {
  clearKeptAnswers,
  findKeptAnswers,
  hasKeptAnswers,
  keepAnswers,
  KEPT_ANSWERS_DAYS,
  takeKeptAnswers,
  VISITOR_OWNER,
  type KeptRow,
} from '../../db/repos/kept-answers.server.js';
import { keptAnswersCookieName } from '../../contracts/cookies.js';

declare global {
  namespace Express {
    interface Locals {
      /** Set on a visitor's page request: this browser keeps their answers (the page offers to clear them). */
      keptAnswers?: boolean;
    }
  }
}

/** The cookie's name over http (development); over https it is `__Host-freshman.kept` (contracts/cookies.ts). */
export const KEPT_ANSWERS_COOKIE = 'freshman.kept';

/**
 * What one browser may keep for one owner, as JSON. A whole page of real answers is a few KB (text answers are
 * short; the long ones are limited to 7,000 characters each and few); the cap keeps a flood from filling the
 * database (issue 23 finding 4).
 */
export const KEPT_ANSWERS_MAX_BYTES = 32 * 1024;

export const KEPT_TOO_LARGE_MESSAGE =
  'These answers are too long to keep before you log in. Please create an account or log in to save them.';

function cookieName(services: AppServices): string {
  return keptAnswersCookieName(services.config.publicUrl);
}

function tokenOf(services: AppServices, cookies: unknown): string | null {
  const value = (cookies as Record<string, unknown> | undefined)?.[cookieName(services)];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

const cookieOptions = (services: AppServices) => cookieOptionsFor(services.config);

/**
 * The hidden field a logged-in applicant's form page carries (POST_FIELDS.owner): the account, sealed, so a post
 * arriving after the session ended (idle expiry, a logout in another tab) keeps its answers for that account only
 * (issue 23 finding 1). It lives as long as kept answers do.
 */
export function ownerField(services: AppServices, userId: string): string {
  return sealToken(
    services.config.sessionSecret,
    'kept-owner',
    { u: userId },
    { now: services.now(), ttlSeconds: KEPT_ANSWERS_DAYS * 86_400 },
  );
}

/** The account a posted page was rendered for, or null (a visitor's page, or a field that is not ours). */
export function ownerOfPost(services: AppServices, value: unknown): string | null {
  const opened = openToken<{ u: string }>(services.config.sessionSecret, 'kept-owner', value, services.now());
  return opened.ok && typeof opened.claims.u === 'string' ? opened.claims.u : null;
}

/**
 * Keeps answers a form page posted without a valid session (DESIGN §6) under this browser's token and their owner:
 * the account whose page it was, or VISITOR_OWNER for a visitor's own. Capped in size; a new browser counts
 * against its address's allowance.
 */
export async function keepPostedAnswers(
  services: AppServices,
  req: Request,
  res: Response,
  answers: Answers,
  owner: string,
): Promise<void> {
  if (Object.keys(answers).length === 0) return;
  parseAnswers(answers);
  const knex = services.db.knex;
  let token = tokenOf(services, req.cookies);
  const now = services.now();
  const existing = token ? await findKeptAnswers(knex, sha256(token), owner, now) : null;
  if (Buffer.byteLength(JSON.stringify({ ...(existing ?? {}), ...answers })) > KEPT_ANSWERS_MAX_BYTES)
    throw new HttpError(413, KEPT_TOO_LARGE_MESSAGE);
  if (!token || !(existing ?? (await hasKeptAnswers(knex, sha256(token), owner, now)))) await limitNewKeptRows(services, req);
  const fresh = !token;
  token ??= randomToken();
  if (owner === VISITOR_OWNER) {
    // A visitor's answers die with the browser session (issue 35 finding 3): a session cookie, set again on every
    // write so a cookie an account's page made lasting does not outlive the browser with them in it.
    res.cookie(cookieName(services), token, cookieOptions(services));
  } else if (fresh) {
    res.cookie(cookieName(services), token, { ...cookieOptions(services), maxAge: KEPT_ANSWERS_DAYS * 86_400_000 });
  }
  await keepAnswers(knex, sha256(token), owner, answers, now);
}

/** Whether this browser keeps a visitor's own answers still alive (the pages then offer to clear them). */
export async function hasVisitorKeptAnswers(services: AppServices, cookies: unknown): Promise<boolean> {
  const token = tokenOf(services, cookies);
  return token !== null && (await hasKeptAnswers(services.db.knex, sha256(token), VISITOR_OWNER, services.now()));
}

/** "Not you? Clear the answers on this computer": everything this browser keeps goes, and the cookie with it. */
export async function clearBrowserKeptAnswers(services: AppServices, req: Request, res: Response): Promise<void> {
  const token = tokenOf(services, req.cookies);
  if (token) await clearKeptAnswers(services.db.knex, sha256(token));
  res.clearCookie(cookieName(services), cookieOptions(services));
}

/** A visitor's own kept answers, shown on the form pages while they have no account yet; never an account's. */
export async function keptAnswersOf(services: AppServices, cookieHeader: string | null): Promise<Answers | null> {
  const token = tokenOf(services, { [cookieName(services)]: readCookie(cookieHeader, cookieName(services)) });
  if (!token) return null;
  const kept = await findKeptAnswers(services.db.knex, sha256(token), VISITOR_OWNER, services.now());
  if (!kept) return null;
  const unknown = new Set(unknownKeys(kept));
  return Object.fromEntries(Object.entries(kept).filter(([key]) => !unknown.has(key)));
}

/**
 * Which kept answers a login takes in. A visitor's own (§2: answers typed before login travel into the account) fill
 * only questions the account has not answered, so whoever typed on a shared computer cannot overwrite the account
 * that logs in next. The account's own (posted after its session ended) replace its answers unless the account
 * saved since they were kept; then they too only fill what is unanswered.
 */
function changesFrom(rows: KeptRow[], saved: Answers, savedAt: Date): Answers {
  const changes: Answers = {};
  // The visitor's first, so the account's own win where both answer a question.
  for (const row of [...rows].sort((a, b) => (a.owner === VISITOR_OWNER ? -1 : 0) - (b.owner === VISITOR_OWNER ? -1 : 0))) {
    const mayReplace = row.owner !== VISITOR_OWNER && savedAt.getTime() <= row.received_at.getTime();
    const unknown = new Set(unknownKeys(row.answers));
    for (const [key, value] of Object.entries(row.answers)) {
      if (unknown.has(key) || !(typeof value === 'boolean' || (typeof value === 'string' && value !== ''))) continue;
      if (mayReplace || !isAnswered(saved[key])) changes[key] = value;
    }
  }
  return changes;
}

/**
 * Once logged in, this browser's kept answers for the account (and the visitor's own) are taken into the
 * application, by the rules of changesFrom. Answers kept for another account stay, for that account's next login
 * here. Runs before pages render and costs nothing without the cookie.
 */
export function takeKeptAnswersAtLogin(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    const token = tokenOf(services, req.cookies);
    // GET only: taken in during a form post, they would move the version the posting page saves against.
    if (!token || req.method !== 'GET') return next();
    if (!res.locals.user) {
      // A visitor's page says when this browser keeps their answers, with a way to clear them (pages/layouts).
      if (!res.locals.serviceUser) res.locals.keptAnswers = await hasVisitorKeptAnswers(services, req.cookies);
      return next();
    }
    const userId = res.locals.user.id;
    const { rows, left } = await takeKeptAnswers(services.db.knex, sha256(token), userId, services.now());
    if (rows.length > 0) {
      // The page must render the answers as they are now, not as the session middleware read them.
      forgetRequestApplication(res.locals);
      const now = services.now();
      await saveAnswers(services.db.knex, userId, {
        changes: {},
        expectedVersion: null,
        now,
        prepare: (_merged, previous, row) =>
          prepareAnswers({ ...previous, ...changesFrom(rows, previous, new Date(row.updated_at)) }, previous, uiStateOf(row), now),
      });
    }
    if (!left) res.clearCookie(cookieName(services), cookieOptions(services));
    next();
  };
}
