import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { sha256 } from '../auth/tokens.server.js';
import { bindStaffIdentity, recordAudit, redeemStaffLink } from '../../db/repos/staff.server.js';
import { sendStaffNotice } from './staff-notice.server.js';
import { beginOidcSignIn, completeOidcSignIn } from './oidc.server.js';
import { endStaffSession, isStaff, startStaffSession } from './staff-session.server.js';
import { staffLinkAddress as linkAddress, verifyStaffLink } from './staff-link-token.server.js';
import { audit } from './audit.server.js';

export const NOT_STAFF_MESSAGE = 'Your account may not use the staff desk. Ask the admissions office to add you.';
export const LINK_USED_MESSAGE = 'This sign-in link has already been used. Ask for a new one.';
export const PROVIDER_DOWN_MESSAGE = "The university's sign-in service cannot be reached right now. Please try again in a few minutes.";
export const LINK_INVALID_MESSAGE = 'This sign-in link is not valid or has expired. Ask for a new one.';
export const OTHER_ACCOUNT_MESSAGE =
  'This address signs in to the staff desk with another account at the identity provider. Ask the admissions office.';

/** A refused staff sign-in goes to the audit trail with the address it was for (issue 23 finding 5). */
async function auditRefusal(
  services: AppServices,
  req: Request,
  email: string | undefined,
  reason: string,
  via: 'oidc' | 'link',
): Promise<void> {
  await recordAudit(services.db.knex, {
    at: services.now(),
    staff_email: email ?? 'unknown',
    action: 'sign-in-refused',
    detail: { via, reason },
    ip: req.ip ?? null,
  });
}

/**
 * Sign-in through the identity provider, or with a one-time link when none is configured; sign-out. The sign-in
 * and link pages are office pages (pages/(office)/staff/sign-in, link); `checkLink` refuses a bad link before its page.
 */
export function signInHandlers(services: AppServices) {
  const { config } = services;
  const refuse = (req: Request, res: Response, status: number, message: string) =>
    sendStaffNotice(services, req, res, status, {
      title: 'Staff sign-in',
      message,
      links: [{ href: '/staff/sign-in', label: 'Back to the staff sign-in' }],
    });

  const oidcStart: RequestHandler = async (req, res) => {
    if (!config.oidc) return refuse(req, res, 404, 'No identity provider is configured.');
    let target: string;
    try {
      target = await beginOidcSignIn(services, res);
    } catch (err) {
      req.log.warn({ err: { name: (err as Error).name, code: (err as { code?: string }).code } }, 'identity provider unreachable');
      return refuse(req, res, 503, PROVIDER_DOWN_MESSAGE);
    }
    res.redirect(302, target);
  };

  const oidcCallback: RequestHandler = async (req, res) => {
    if (!config.oidc) return refuse(req, res, 404, 'No identity provider is configured.');
    const outcome = await completeOidcSignIn(services, req, res).catch((err: Error) => {
      req.log.warn({ err: { name: err.name, code: (err as { code?: string }).code } }, 'identity provider unreachable');
      return { ok: false as const, reason: 'transaction', email: undefined, message: PROVIDER_DOWN_MESSAGE };
    });
    if (!outcome.ok) {
      if (outcome.reason !== 'transaction') await auditRefusal(services, req, outcome.email, outcome.reason, 'oidc');
      return refuse(req, res, 400, outcome.message);
    }
    if (!isStaff(services, outcome.email, outcome.groups)) {
      req.log.info('staff sign-in refused: not on the staff list');
      await auditRefusal(services, req, outcome.email, 'not-staff', 'oidc');
      return refuse(req, res, 403, NOT_STAFF_MESSAGE);
    }
    // The first provider account to sign in with an address owns it (issue 23 finding 16).
    if (!(await bindStaffIdentity(services.db.knex, outcome.email, outcome.sub, services.now()))) {
      req.log.warn('staff sign-in refused: the address is bound to another provider account');
      await auditRefusal(services, req, outcome.email, 'other-subject', 'oidc');
      return refuse(req, res, 403, OTHER_ACCOUNT_MESSAGE);
    }
    await startStaffSession(services, req, res, {
      email: outcome.email,
      via: 'oidc',
      groups: outcome.groups,
      sub: outcome.sub,
      accessToken: outcome.accessToken,
    });
    res.locals.staff = { email: outcome.email, via: 'oidc' };
    await audit(services, req, res, 'sign-in', { detail: { via: 'oidc' } });
    // Not a redirect: this navigation came from the provider's site, and the desk opens no page for a
    // cross-site navigation (issue 23 finding 9). A refresh from this page is a navigation of our own.
    res.setHeader('Refresh', '0;url=/staff');
    await sendStaffNotice(services, req, res, 200, {
      title: 'Signed in',
      message: 'You are signed in to the staff desk.',
      links: [{ href: '/staff', label: 'Continue to the applications' }],
    });
  };

  // The link opens a page with a button: a mail scanner or link preview that fetches it uses nothing up.
  const checkLink: RequestHandler = async (req, res, next) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    if (config.oidc || !verifyStaffLink(config.sessionSecret, token, services.now()).ok) return refuse(req, res, 400, LINK_INVALID_MESSAGE);
    next();
  };

  const redeemLink: RequestHandler = async (req, res) => {
    const token = (req.body as Record<string, unknown> | undefined)?.token;
    const verified = verifyStaffLink(config.sessionSecret, token, services.now());
    if (config.oidc || !verified.ok) {
      // An expired link still names its address (its signature is good): the trail says whose it was.
      await auditRefusal(
        services,
        req,
        verified.ok ? verified.claims.e : linkAddress(config.sessionSecret, token),
        verified.ok ? 'links-disabled' : verified.reason,
        'link',
      );
      return refuse(req, res, 400, LINK_INVALID_MESSAGE);
    }
    const email = verified.claims.e;
    if (!isStaff(services, email)) {
      await auditRefusal(services, req, email, 'not-staff', 'link');
      return refuse(req, res, 403, NOT_STAFF_MESSAGE);
    }
    if (!(await redeemStaffLink(services.db.knex, sha256(verified.claims.jti), services.now(), new Date(verified.claims.exp * 1000)))) {
      await auditRefusal(services, req, email, 'used', 'link');
      return refuse(req, res, 400, LINK_USED_MESSAGE);
    }
    await startStaffSession(services, req, res, { email, via: 'link' });
    res.locals.staff = { email, via: 'link' };
    await audit(services, req, res, 'sign-in', { detail: { via: 'link' } });
    res.redirect(303, '/staff');
  };

  const signOut: RequestHandler = async (req, res) => {
    // Recorded only when a session ends: a sign-out without one (an old tab, a forged form) names nobody.
    if (res.locals.staff) await audit(services, req, res, 'sign-out', { detail: { via: res.locals.staff.via } });
    await endStaffSession(services, req, res);
    res.redirect(303, '/staff/sign-in');
  };

  return { oidcStart, oidcCallback, checkLink, redeemLink, signOut };
}
