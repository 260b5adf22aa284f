import express, { type Request, type RequestHandler, type Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { prefix, route, type Row } from '../route-rows.server.js';
import { withNulCheck } from '../security/no-nul.server.js';
import { ipLimitOf } from '../auth/limits.server.js';
import { setFlash } from '../auth/flash.server.js';
import { sendPage } from '../render.server.js';
import { recordAudit } from '../../db/repos/staff.server.js';
import {
  FAMILY_CODE_PATH,
  FAMILY_FIELDS,
  FAMILY_INVITE_PATH,
  FAMILY_MESSAGES,
  FAMILY_REMOVE_PATH,
  FAMILY_SIGN_IN_PATH,
  FAMILY_SIGN_OUT_PATH,
  FAMILY_STATUS_PATH,
} from '../../contracts/family.js';
import { FAMILY_ROUTE } from '../../contracts/routes.js';
import { translator } from '../../contracts/i18n/translate.js';
import { ES_PAGES } from '../../contracts/i18n/es-catalogue.js';
import { inviteFamilyMember, removeFamilyMember } from './family-invitations.server.js';
import { FAMILY_IP_LIMITS, auditFamilySignIn, familyAddress, redeemFamilyCode, requestFamilyCode } from './family-sign-in.server.js';
import { endFamilySession, familyViewerOf, startFamilySession } from './family-session.server.js';
import { sendFamilyPage, signInFromQuery } from './family-pages.server.js';

/** A handful of short fields, posted without scripts. */
const smallForm = withNulCheck(express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }));

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

const field = (req: Request, name: string): unknown => (req.body as Record<string, unknown> | undefined)?.[name];

/** An HttpError (a refused address, a limit) shown on the sign-in page at the step it came from; anything else is thrown on. */
async function refuse(services: AppServices, req: Request, res: Response, err: unknown, step: 'email' | 'code', email: string) {
  if (!(err instanceof HttpError)) throw err;
  for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
  const error = { field: step === 'code' && err.status !== 429 ? ('code' as const) : ('email' as const), text: err.message };
  await sendFamilyPage(services, req, res, { page: 'sign-in', step, email, notice: null, error }, err.status);
}

/** The applicant's invitations and removals, and the family's sign-in, status and sign-out (issue 39). */
export function familyRoutes(s: AppServices): Row[] {
  const invite: RequestHandler = async (req, res) => {
    const result = await inviteFamilyMember(
      s,
      res.locals.user!,
      { name: field(req, FAMILY_FIELDS.name), email: field(req, FAMILY_FIELDS.email) },
      req.ip ?? null,
      res.locals.lang,
    );
    if (result.ok) {
      // The name goes into the message in the applicant's language; the page shows a flash through t().
      setFlash(s, res, { kind: 'success', message: translator(res.locals.lang, ES_PAGES)(result.message, result.params) });
      return res.redirect(303, FAMILY_ROUTE);
    }
    const form = {
      name: String(field(req, FAMILY_FIELDS.name) ?? '').slice(0, 200),
      email: String(field(req, FAMILY_FIELDS.email) ?? '').slice(0, 300),
    };
    const errors = Object.keys(result.errors).length ? result.errors : { email: result.message };
    await sendPage(s, req, res, FAMILY_ROUTE, { familyForm: { ...form, errors } }, result.status);
  };

  const remove: RequestHandler = async (req, res) => {
    const result = await removeFamilyMember(s, res.locals.user!.id, field(req, FAMILY_FIELDS.member), req.ip ?? null);
    setFlash(s, res, {
      kind: result.ok ? 'success' : 'error',
      message: translator(res.locals.lang, ES_PAGES)(result.message, result.params),
    });
    res.redirect(303, FAMILY_ROUTE);
  };

  const signInPage: RequestHandler = async (req, res) => {
    // Someone already signed in goes straight to the status.
    if (await familyViewerOf(s, req, res)) return res.redirect(303, FAMILY_STATUS_PATH);
    await sendFamilyPage(s, req, res, signInFromQuery(req));
  };

  const askForCode: RequestHandler = async (req, res) => {
    const typed = String(field(req, FAMILY_FIELDS.email) ?? '').slice(0, 300);
    try {
      const email = familyAddress(typed);
      await requestFamilyCode(s, email, res.locals.lang);
      await sendFamilyPage(s, req, res, {
        page: 'sign-in',
        step: 'code',
        email,
        notice: { kind: 'info', text: FAMILY_MESSAGES.codeSent },
        error: null,
      });
    } catch (err) {
      await refuse(s, req, res, err, 'email', typed);
    }
  };

  const enterCode: RequestHandler = async (req, res) => {
    const typed = String(field(req, FAMILY_FIELDS.email) ?? '').slice(0, 300);
    try {
      const email = familyAddress(typed);
      await redeemFamilyCode(s, email, field(req, FAMILY_FIELDS.code));
      await startFamilySession(s, req, res, email);
      await auditFamilySignIn(s, email, req.ip ?? null);
      res.redirect(303, FAMILY_STATUS_PATH);
    } catch (err) {
      await refuse(s, req, res, err, 'code', typed);
    }
  };

  const status: RequestHandler = async (req, res) => {
    await sendFamilyPage(s, req, res, { page: 'status', viewer: res.locals.family!, ip: req.ip ?? null });
  };

  const signOut: RequestHandler = async (req, res) => {
    const email = await endFamilySession(s, req, res);
    if (email) await recordAudit(s.db.knex, { at: s.now(), staff_email: `family:${email}`, action: 'family-sign-out', ip: req.ip ?? null });
    res.redirect(303, `${FAMILY_SIGN_IN_PATH}?signed-out=1`);
  };

  // prettier-ignore
  return [
    prefix('/family', noStore),
    route('POST', FAMILY_INVITE_PATH,    'student', smallForm, invite),                               // /family/invite
    route('POST', FAMILY_REMOVE_PATH,    'student', smallForm, remove),                               // /family/remove
    route('GET',  FAMILY_SIGN_IN_PATH,   'visitor', signInPage),                                      // /family/sign-in
    route('POST', FAMILY_SIGN_IN_PATH,   'visitor', ipLimitOf(s, 'family_code', FAMILY_IP_LIMITS.code), smallForm, askForCode), // e-mails a code
    route('POST', FAMILY_CODE_PATH,      'visitor', ipLimitOf(s, 'family_sign_in', FAMILY_IP_LIMITS.signIn), smallForm, enterCode), // /family/sign-in/code
    route('GET',  FAMILY_STATUS_PATH,    'family',  status),                                          // /family/status
    route('POST', FAMILY_SIGN_OUT_PATH,  'visitor', signOut),                                         // /family/sign-out
  ];
}
