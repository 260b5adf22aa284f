import type { RequestHandler } from 'express';
import type { AppServices } from '../../../platform/app-services.server.js';
import { SESSION_INVALID_MESSAGE } from '../../../contracts/messages.js';
import { PASSKEYS_ROUTE, PASSKEY_TEXTS } from '../../../contracts/passkeys.js';
import { deletePasskey } from '../../../db/repos/passkeys.server.js';
import { setFlash } from '../flash.server.js';
import { addPasskey, passkeyRegistrationOptions } from './registration.server.js';
import { passkeySignInOptions, signInWithPasskey } from './sign-in.server.js';
import { auditPasskey } from './audit.server.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Passkeys (issue 41, ADR 0340). The JSON calls the islands make (sign-in options and sign-in for visitors; options
 * and adding for the signed-in applicant), and the plain form post that removes one. Handlers stay thin: the flows
 * are in sign-in.server.ts and registration.server.ts.
 */
export function passkeyHandlers(services: AppServices) {
  const signInOptions: RequestHandler = async (_req, res) => {
    res.json(await passkeySignInOptions(services));
  };
  const signIn: RequestHandler = async (req, res) => {
    res.json(await signInWithPasskey(services, req, res));
  };
  const registrationOptions: RequestHandler = async (_req, res) => {
    res.json(await passkeyRegistrationOptions(services, res.locals.user!, res.locals.lang));
  };
  const register: RequestHandler = async (req, res) => {
    res.json(await addPasskey(services, req, res.locals.user!, res.locals.lang));
  };

  // POST /passkeys/remove, id=…: the confirmed removal (the page's ?remove=<id> asked first). Works without scripts.
  const remove: RequestHandler = async (req, res) => {
    const user = res.locals.user;
    if (!user) {
      setFlash(services, res, { kind: 'error', message: SESSION_INVALID_MESSAGE });
      return res.redirect(303, '/login');
    }
    const id = (req.body as Record<string, unknown> | undefined)?.id;
    const removed = typeof id === 'string' && UUID.test(id) ? await deletePasskey(services.db.knex, user.id, id) : null;
    if (removed) await auditPasskey(services, req, 'passkey-removed', user.id, { passkey: removed.id });
    setFlash(
      services,
      res,
      removed ? { kind: 'success', message: PASSKEY_TEXTS.removed } : { kind: 'error', message: PASSKEY_TEXTS.notFound },
    );
    res.redirect(303, PASSKEYS_ROUTE);
  };

  return { signInOptions, signIn, registrationOptions, register, remove };
}
