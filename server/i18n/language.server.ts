import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { isLang, type Lang } from '../../form/lang.js';
import { LANG_COOKIE, LANG_PARAM, chooseLang } from '../../contracts/i18n/lang-choice.js';
import { cookieOptions } from '../cookies.server.js';
import { rememberLanguage } from '../../db/repos/users.server.js';

declare global {
  namespace Express {
    interface Locals {
      /** The language the applicant's side answers this request in (docs/i18n.md); the office ignores it. */
      lang: Lang;
      /** The language the visitor chose with the switch (the cookie), if any: the link pages follow only this. */
      langChosen: Lang | null;
    }
  }
}

/** The preference cookie lives a year: it is a preference, not a session. */
const LANG_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sets `res.locals.lang` (ADR 0410): the switch's `?lang=` link (a GET that only sets the preference cookie, then
 * sends the browser to the same address without it), else the preference cookie, else the account's remembered
 * language, else the browser's Accept-Language, else English. A logged-in applicant's state-changing request
 * remembers the language on the account when the browser chose it (cookie) or the account has none yet: the GET
 * itself never writes to the database.
 */
export function languageMiddleware(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    const cookie = (req.cookies as Record<string, unknown> | undefined)?.[LANG_COOKIE];
    const asked = req.method === 'GET' ? req.query[LANG_PARAM] : undefined;
    if (isLang(asked) && !req.path.startsWith('/api/')) {
      res.cookie(LANG_COOKIE, asked, { ...cookieOptions(services.config, { httpOnly: false }), maxAge: LANG_COOKIE_MAX_AGE_MS });
      const url = new URL(req.originalUrl, 'http://localhost');
      url.searchParams.delete(LANG_PARAM);
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, url.pathname + url.search);
      return;
    }
    const user = res.locals.user;
    const lang = chooseLang({ cookie, account: user?.language, acceptLanguage: req.headers['accept-language'] });
    res.locals.lang = lang;
    res.locals.langChosen = isLang(cookie) ? cookie : null;
    res.vary('Accept-Language');
    if (user && !SAFE_METHODS.has(req.method) && user.language !== lang && (isLang(cookie) || !user.language)) {
      await rememberLanguage(services.db.knex, user.id, lang);
      user.language = lang;
    }
    next();
  };
}
