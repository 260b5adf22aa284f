import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../app-services.server.js';
import { cookieOptions as cookieOptionsFor } from '../cookies.server.js';
import { readCookie } from '../../contracts/cookies.js';
import type { Answers } from '../../form/types.js';
import { unknownKeys } from '../../form/answers.js';
import { parseAnswers } from '../application/answers.server.js';
import { randomToken, sha256 } from '../auth/tokens.server.js';
import { keepCarriedAnswers } from '../../db/repos/carried-answers.server.js';
import { findKeptAnswers, keepAnswers, KEPT_ANSWERS_DAYS, takeKeptAnswers } from '../../db/repos/kept-answers.server.js';

/** HttpOnly: the token names this browser's kept answers (outside the identity-provider prefix: it is no login). */
export const KEPT_ANSWERS_COOKIE = 'freshman.kept';

function tokenOf(cookies: unknown): string | null {
  const value = (cookies as Record<string, unknown> | undefined)?.[KEPT_ANSWERS_COOKIE];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

const cookieOptions = (services: AppServices) => cookieOptionsFor(services.config);

/**
 * Keeps answers a form page posted without a valid session (DESIGN §6), as the island keeps a visitor's answers
 * in the tab: under this browser's token, for the next login to take in (see takeKeptAnswersAtLogin).
 */
export async function keepPostedAnswers(services: AppServices, req: Request, res: Response, answers: Answers): Promise<void> {
  if (Object.keys(answers).length === 0) return;
  parseAnswers(answers);
  let token = tokenOf(req.cookies);
  if (!token) {
    token = randomToken();
    res.cookie(KEPT_ANSWERS_COOKIE, token, { ...cookieOptions(services), maxAge: KEPT_ANSWERS_DAYS * 86_400_000 });
  }
  await keepAnswers(services.db.knex, sha256(token), answers, services.now());
}

/** A visitor's kept answers, shown on the form pages while they have no account yet. */
export async function keptAnswersOf(services: AppServices, cookieHeader: string | null): Promise<Answers | null> {
  const token = tokenOf({ [KEPT_ANSWERS_COOKIE]: readCookie(cookieHeader, KEPT_ANSWERS_COOKIE) });
  if (!token) return null;
  const kept = await findKeptAnswers(services.db.knex, sha256(token));
  if (!kept) return null;
  const unknown = new Set(unknownKeys(kept));
  return Object.fromEntries(Object.entries(kept).filter(([key]) => !unknown.has(key)));
}

/**
 * Once logged in, the browser's kept answers become the account's carried answers, which the first read of the
 * application takes in exactly as answers carried through the login call (server/application/profile.server.ts).
 * Runs before pages render (the routing guard then sees them waiting) and costs nothing without the cookie.
 */
export function takeKeptAnswersAtLogin(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    const token = tokenOf(req.cookies);
    // GET only: taken in during a form post, they would move the version the posting page saves against.
    if (!token || !res.locals.user || req.method !== 'GET') return next();
    const kept = await takeKeptAnswers(services.db.knex, sha256(token));
    if (kept && Object.keys(kept).length > 0) await keepCarriedAnswers(services.db.knex, res.locals.user.id, kept, services.now());
    res.clearCookie(KEPT_ANSWERS_COOKIE, cookieOptions(services));
    next();
  };
}
