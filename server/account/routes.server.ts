import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { setFlash } from '../auth/flash.server.js';
import { clearSessionCookies } from '../auth/session.server.js';
import { verifyPassword } from '../auth/passwords.server.js';
import { clearLoginFailures, reserveLoginAttempt } from '../auth/limits.server.js';
import { findUserById } from '../../db/repos/users.server.js';
import { findApplication } from '../../db/repos/applications.server.js';
import { recordAudit } from '../../db/repos/staff.server.js';
import { SESSION_INVALID_MESSAGE } from '../../contracts/messages.js';
import { ACCOUNT_MESSAGES, YOUR_DATA_ANCHOR } from '../../contracts/account.js';
import { YOUR_DATA_ROUTE } from '../../contracts/routes.js';
import { eraseApplicant } from '../../domain/account/erase.server.js';
import { applicantDataZip } from './data-export.server.js';

const BACK = `${YOUR_DATA_ROUTE}#${YOUR_DATA_ANCHOR}`;

/**
 * The applicant's own data (issue 27): deleting an unsubmitted application with its account (a plain form post,
 * the same with or without scripts), and downloading everything as a ZIP.
 */
export function accountHandlers(services: AppServices): { remove: RequestHandler; download: RequestHandler } {
  const back = (res: Parameters<RequestHandler>[1], message: string) => {
    setFlash(services, res, { kind: 'error', message });
    res.redirect(303, BACK);
  };

  // POST /account/delete, password=…: confirmed with the password, refused for a submitted application (§4: final).
  const remove: RequestHandler = async (req, res) => {
    const session = res.locals.user;
    if (!session) {
      setFlash(services, res, { kind: 'error', message: SESSION_INVALID_MESSAGE });
      return res.redirect(303, '/login');
    }
    const password = (req.body as Record<string, unknown> | undefined)?.password;
    if (typeof password !== 'string' || password === '' || password.length > 1024) return back(res, ACCOUNT_MESSAGES.passwordMissing);
    const { knex } = services.db;
    if ((await findApplication(knex, session.id))?.submitted_at) return back(res, ACCOUNT_MESSAGES.submitted);
    const user = await findUserById(knex, session.id);
    if (!user) return back(res, SESSION_INVALID_MESSAGE);
    // The login's per-account backoff: a session left open is no way to guess the password faster.
    await reserveLoginAttempt(services, user.username, res.locals.lang);
    if (!(await verifyPassword(user.password_hash, password))) return back(res, ACCOUNT_MESSAGES.wrongPassword);
    await clearLoginFailures(services, user.username);
    const audit = {
      at: services.now(),
      staff_email: 'applicant:self',
      action: 'applicant-delete' as const,
      detail: { reason: 'the applicant deleted their unsubmitted application' },
      ip: null,
    };
    // Checked again under the application row's lock: a submission in between wins.
    const outcome = await eraseApplicant(services, user.id, audit, { unsubmittedOnly: true });
    if (outcome === 'submitted') return back(res, ACCOUNT_MESSAGES.submitted);
    services.logger.info({ action: 'applicant-delete' }, 'an applicant deleted their application and account');
    clearSessionCookies(services, res);
    setFlash(services, res, { kind: 'success', title: ACCOUNT_MESSAGES.deletedTitle, message: ACCOUNT_MESSAGES.deleted });
    res.redirect(303, '/login');
  };

  // GET /account/data.zip: a read of the applicant's own data, audited.
  const download: RequestHandler = async (req, res) => {
    const userId = res.locals.user!.id;
    const zip = await applicantDataZip(services, userId);
    if (!zip) throw new HttpError(401, SESSION_INVALID_MESSAGE);
    await recordAudit(services.db.knex, {
      at: services.now(),
      staff_email: 'applicant:self',
      action: 'applicant-download',
      user_id: userId,
      ip: req.ip ?? null,
    });
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', 'attachment; filename="my-application-data.zip"');
    res.setHeader('Cache-Control', 'no-store');
    zip.on('error', (err: Error) => {
      services.logger.error({ err: err.message }, 'the data download failed part-way');
      res.destroy(err);
    });
    zip.pipe(res);
  };

  return { remove, download };
}
