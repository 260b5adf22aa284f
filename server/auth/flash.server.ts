import { FLASH_COOKIE_BASE, flashCookieName } from '../../contracts/cookies.js';
import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { cookieOptions as cookieOptionsFor } from '../cookies.server.js';
import type { FlashMessage } from '../../contracts/flash.js';
import { keyedHash, sameHex } from './tokens.server.js';
import { isPageRoute } from '../../contracts/routes.js';

declare global {
  namespace Express {
    interface Locals {
      /** Set by readFlash on page requests: the message a plain form post left for this page, or null. */
      flash?: FlashMessage | null;
    }
  }
}

/**
 * The flash of a plain form post rides in a cookie, never in the URL (it may carry an address): HttpOnly,
 * short-lived, signed so that nothing but this server can put text on its pages, and read once.
 */
/** The name over http (development); over https it is `__Host-freshman.flash` (contracts/cookies.ts). */
export const FLASH_COOKIE = FLASH_COOKIE_BASE;
const FLASH_MAX_AGE_MS = 60_000;

const cookieOptions = (services: AppServices): CookieOptions => cookieOptionsFor(services.config);

const sign = (services: AppServices, payload: string) => keyedHash(services.config.sessionSecret, 'flash', payload);

export function setFlash(services: AppServices, res: Response, flash: FlashMessage): void {
  const payload = Buffer.from(JSON.stringify(flash)).toString('base64url');
  res.cookie(flashCookieName(services.config.publicUrl), `${payload}.${sign(services, payload)}`, {
    ...cookieOptions(services),
    maxAge: FLASH_MAX_AGE_MS,
  });
}

function parseFlash(services: AppServices, raw: unknown): FlashMessage | null {
  if (typeof raw !== 'string' || raw.length > 4096) return null;
  const [payload = '', signature = ''] = raw.split('.');
  if (!/^[0-9a-f]{64}$/.test(signature) || !sameHex(signature, sign(services, payload))) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as FlashMessage;
    return (value.kind === 'success' || value.kind === 'error') && typeof value.message === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Middleware: a page request takes the flash (res.locals.flash) and clears the cookie, so it shows once. */
export function readFlash(services: AppServices): RequestHandler {
  return (req: Request, res, next) => {
    const raw = (req.cookies as Record<string, unknown> | undefined)?.[flashCookieName(services.config.publicUrl)];
    if (raw === undefined || req.method !== 'GET' || !isPageRoute(req.path)) return next();
    res.locals.flash = parseFlash(services, raw);
    res.clearCookie(flashCookieName(services.config.publicUrl), cookieOptions(services));
    next();
  };
}
