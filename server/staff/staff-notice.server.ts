import type { Request, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import type { StaffUser } from './staff-session.server.js';
import type { StaffNoticeData } from '../../contracts/office-page-data.js';
import { sendPage } from '../render.server.js';
import { OFFICE_HEADERS } from '../office-page.server.js';

/** The desk's page that says one thing (a refusal, a limit, a provider down) in the desk's layout, with its status. */
export const STAFF_NOTICE_URL = '/staff/notice';

export async function sendStaffNotice(
  services: AppServices,
  req: Request,
  res: Response,
  status: number,
  notice: Omit<StaffNoticeData, 'staffEmail'>,
): Promise<void> {
  const staff = (res.locals.staff as StaffUser | null | undefined) ?? null;
  const staffNotice: StaffNoticeData = { ...notice, staffEmail: staff?.email ?? null };
  await sendPage(services, req, res, STAFF_NOTICE_URL, { staffNotice, responseHeaders: { ...OFFICE_HEADERS } }, status);
}
