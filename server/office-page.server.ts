import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../platform/app-services.server.js';
import type { StaffUser } from './staff/staff-session.server.js';
import { sendPage } from './render.server.js';
import { staffRoles } from '../domain/reading/roles.server.js';
import type { StaffRole } from '../platform/config-reading.server.js';
import type { Lang } from '../form/lang.js';

/** Who asks for an office page, as its data module needs it (for the audit trail and the page's links). */
export interface OfficeRequest {
  /** The staff member (the route map's `staff` guard let them in), or null on a page anyone may open. */
  staff: StaffUser | null;
  /** The staff member's highest role (STAFF_ROLES), so every desk page shows the same navigation for them. */
  staffRole: StaffRole | null;
  ip: string | null;
  params: Record<string, string>;
  /** The page's query, as sent. */
  query: URLSearchParams;
  /**
   * The language of a link page that offers Spanish (the counselor's, the teacher's): English unless the visitor
   * chose Spanish with its switch (docs/i18n.md). The desk ignores it.
   */
  lang: Lang;
}

/** Office pages hold applicants' data: never kept by a browser or a proxy (vike's own default would allow revalidation). */
export const OFFICE_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': 'no-store' };

/**
 * The route map's handler for an office page (the staff desk, the counselor's link): the row's guard has run,
 * so the page renders through vike like every other page; its +data reads `pageContext.office`.
 */
export function officePage(services: AppServices): RequestHandler {
  return async (req, res) => {
    const q = req.originalUrl.indexOf('?');
    const office = officeRequest(services, req, res, {
      params: { ...(req.params as Record<string, string>) },
      query: new URLSearchParams(q === -1 ? '' : req.originalUrl.slice(q + 1)),
    });
    await sendPage(services, req, res, req.originalUrl, { office, responseHeaders: { ...OFFICE_HEADERS } });
  };
}

/** The office request of this request: who (the staff guard's `res.locals.staff`) and their role, from where, with what. */
export function officeRequest(
  services: AppServices,
  req: Request,
  res: Response,
  { params = {}, query = new URLSearchParams() }: { params?: Record<string, string>; query?: URLSearchParams } = {},
): OfficeRequest {
  const staff = (res.locals.staff as StaffUser | null | undefined) ?? null;
  return {
    staff,
    staffRole: staff ? staffRoles(services.config, staff).at(-1)! : null,
    ip: req.ip ?? null,
    params,
    query,
    lang: res.locals.langChosen ?? 'en',
  };
}

/** The office request of a page's +data, which only ever runs behind officePage. */
export function officeRequestOf(pageContext: { office?: OfficeRequest }): OfficeRequest {
  if (!pageContext.office) throw new Error('an office page rendered without officePage()');
  return pageContext.office;
}
