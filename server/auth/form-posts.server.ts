import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { sendPage } from '../render.server.js';
import {
  AUTH_CARDS,
  RESEND,
  type AuthCardName,
  RESEND_FIELD,
  keptValues,
  type AuthCardDefinition,
  type AuthCardState,
} from '../../contracts/auth-cards.js';
import { authValues, type AuthForm, type FieldErrors } from '../../contracts/auth-check.js';
import { ipLimit } from './limits.server.js';
import { SESSION_INVALID_MESSAGE } from '../../contracts/messages.js';
import { confirmAccount, resendCode, signUp } from './accounts.server.js';
import { logIn, logOut } from './login.server.js';
import { requestPasswordReset, resetPassword } from './password-reset.server.js';
import { setFlash } from './flash.server.js';

/** The flows behind each form, the same functions the JSON API calls (server/auth/routes.server.ts). */
type Flow = (services: AppServices, input: any, req: Request, res: Response) => Promise<{ message: string }>;
const FLOWS: Record<AuthForm, Flow> = {
  signup: (services, input, _req, res) => signUp(services, input, res.locals.lang),
  confirm: (services, input) => confirmAccount(services, input),
  resend: (services, input, _req, res) => resendCode(services, input, res.locals.lang),
  login: (services, input, req, res) => logIn(services, req, res, input),
  forgot: (services, input, _req, res) => requestPasswordReset(services, input, res.locals.lang),
  reset: (services, input, _req, res) => resetPassword(services, input, res.locals.lang),
};

/** A form post's fields: strings only (a repeated name keeps its first value). */
function fieldsOf(req: Request): Record<string, string> {
  const body: unknown = req.body;
  const fields: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return fields;
  for (const [key, value] of Object.entries(body)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[key] = first;
  }
  return fields;
}

/** Runs a middleware (the per-IP limit) inside a handler: resolves when it passes, rejects with its error. */
function passes(middleware: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    Promise.resolve(middleware(req, res, (err?: unknown) => (err ? reject(err) : resolve()))).catch(reject);
  });
}

/**
 * One card's plain form post (§2 without JavaScript): the same limits, rules, flows and messages as the
 * JSON API. Success redirects (post/redirect/get) where the island goes, its message in the flash cookie;
 * a refusal renders the card again with the error summary, keeping what was typed but the passwords.
 */
function cardPost(services: AppServices, card: AuthCardDefinition): RequestHandler {
  const limits = new Map<AuthForm, RequestHandler>(
    [card.form, ...(card.resend ? [RESEND.form] : [])].map((form) => [form, ipLimit(services, form)]),
  );
  return async (req, res) => {
    const fields = fieldsOf(req);
    const resend = card.resend && fields[RESEND_FIELD] !== undefined ? card.resend : null;
    const form: AuthForm = resend ? RESEND.form : card.form;
    const success = resend ? resend.success : card.success;
    const again = (status: number, state: AuthCardState) => {
      res.setHeader('Cache-Control', 'no-store');
      const authCard: AuthCardState = { values: keptValues(card, fields), ...state, ...(resend ? { title: RESEND.errorTitle } : {}) };
      return sendPage(services, req, res, req.originalUrl, { authCard }, status);
    };
    try {
      await passes(limits.get(form)!, req, res);
      const { value, errors } = authValues<{ username: string }>(form, fields);
      if (Object.keys(errors).length > 0) return await again(400, { errors });
      const { message } = await FLOWS[form](services, value, req, res);
      if (success.flash)
        setFlash(services, res, { kind: 'success', message, ...(success.carryUsername ? { username: value.username } : {}) });
      res.redirect(303, success.to);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
      const errors = err.body.errors as FieldErrors | undefined;
      return again(err.status, errors ? { errors } : { problem: err.message });
    }
  };
}

/** The auth cards and the logout button as plain HTML forms, answered at the pages' own URLs (server/routes.server.ts). */
export function authFormHandlers(services: AppServices): Record<AuthCardName, RequestHandler> & { logout: RequestHandler } {
  const cards = Object.fromEntries(Object.values(AUTH_CARDS).map((card) => [card.name, cardPost(services, card)])) as Record<
    AuthCardName,
    RequestHandler
  >;
  // As the islands' logout (§7, §8): whatever the session's state, /login with the session-invalid text.
  const logout: RequestHandler = async (req, res) => {
    await logOut(services, req, res);
    setFlash(services, res, { kind: 'error', message: SESSION_INVALID_MESSAGE });
    res.redirect(303, '/login');
  };
  return { ...cards, logout };
}
