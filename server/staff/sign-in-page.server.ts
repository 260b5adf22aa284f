import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { SignInPageData } from '../../contracts/staff-desk-pages-data.js';

/** GET /staff/sign-in: the identity provider's button, or how to get a one-time link when none is configured. */
export function signInPageData(services: AppServices, office: OfficeRequest): SignInPageData {
  return {
    title: 'Staff sign-in',
    staffEmail: office.staff?.email ?? null,
    providerHref: services.config.oidc ? '/staff/oidc/start' : null,
    linkToken: null,
  };
}
