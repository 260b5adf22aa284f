import type { Request, RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { authValues, type AuthForm } from '../../contracts/auth-check.js';
import { confirmAccount, resendCode, signUp } from './accounts.server.js';
import { logIn, logOut, type LoginInput } from './login.server.js';
import { requestPasswordReset, resetPassword } from './password-reset.server.js';

/** GET /api/logout from anywhere but this application's own pages. */
export const LOGOUT_NEEDS_POST = 'Log out with POST /api/logout (or the Log Out button); a GET only logs out from this site.';

/** Validates a JSON body with the shared rules (the same the islands use); 400 with every message. */
function parse<T>(form: AuthForm, req: Request): T {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'The request body must be a JSON object.');
  const { value, errors } = authValues<T>(form, body);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(400, first, { errors });
  return value;
}

/** §7 account calls (mounted in server/routes.server.ts). Handlers stay thin: validated input → the flow → JSON. */
export function authApiHandlers(services: AppServices) {
  const json =
    <T>(
      form: AuthForm,
      run: (input: T, req: Request, res: Parameters<RequestHandler>[1]) => Promise<{ message: string }>,
    ): RequestHandler =>
    async (req, res) => {
      res.json(await run(parse<T>(form, req), req, res));
    };

  const signup = json<{ username: string; password: string }>('signup', (input, _req, res) => signUp(services, input, res.locals.lang));
  const confirm = json<{ username: string; code: string }>('confirm', (input) => confirmAccount(services, input));
  const resendConfirm = json<{ username: string }>('resend', (input, _req, res) => resendCode(services, input, res.locals.lang));
  const login = json<LoginInput>('login', (input, req, res) => logIn(services, req, res, input));
  const forgotPassword = json<{ username: string }>('forgot', (input, _req, res) => requestPasswordReset(services, input, res.locals.lang));
  const resetPasswordCall = json<{ username: string; password: string; id: string }>('reset', (input, _req, res) =>
    resetPassword(services, input, res.locals.lang),
  );

  // Logging out changes state: POST /api/logout, under the Origin check like every other (ADR 0230).
  const logout: RequestHandler = async (req, res) => {
    res.json(await logOut(services, req, res));
  };
  // §7 lists GET /api/logout. It answers only a fetch the browser marks as coming from this origin, which no other
  // site can make it do; an <img>, a link or a typed address gets 405 pointing to the POST (ADR 0230).
  const logoutByGet: RequestHandler = async (req, res, next) => {
    if (req.get('sec-fetch-site') !== 'same-origin') return next(new HttpError(405, LOGOUT_NEEDS_POST, {}, { Allow: 'POST' }));
    res.json(await logOut(services, req, res));
  };
  /** Who is logged in; also keeps the session alive (the inactivity modal's "stay logged in"). */
  const session: RequestHandler = (_req, res) => {
    res.json({ username: res.locals.user!.username });
  };

  return { signup, confirm, resendConfirm, login, forgotPassword, resetPassword: resetPasswordCall, logout, logoutByGet, session };
}

/** The reset link's token is in the URL: never leak it through Referer, never cache the page (which renders next). */
export const resetPageHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  next();
};
