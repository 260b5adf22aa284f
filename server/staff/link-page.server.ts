import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { SignInPageData } from '../../contracts/staff-desk-pages-data.js';

/**
 * GET /staff/link?token=…: a page with a button, so a mail scanner or link preview that fetches the link uses
 * nothing up. The route's handler before it (signInHandlers().checkLink) refused an invalid link already.
 */
export function linkPageData(_services: AppServices, office: OfficeRequest): SignInPageData {
  return { title: 'Staff sign-in', staffEmail: null, providerHref: null, linkToken: office.query.get('token') ?? '' };
}
