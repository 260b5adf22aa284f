import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { recordAudit } from '../../db/repos/staff.server.js';
import { accountsNamed, insertExtensions } from '../../db/repos/deadlines.server.js';
import { instantInZone } from '../../domain/reading/local-date-time.js';
import { roundDeadlines } from '../../domain/deadlines/rounds.server.js';
import { sendStaffNotice } from '../staff/staff-notice.server.js';

export const DEADLINES_PAGE = '/staff/deadlines';
/** More names than an office would type: a larger group is an extension for everyone. */
const MAX_NAMED = 500;

const text = (req: Request, name: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * POST /staff/deadlines/extend (a lead; the Origin check is the app's): moves a round's deadline to a date and time
 * in the university's zone, for everyone or for the applicants named (sign-in e-mail or reference). An extension
 * only ever moves a deadline later: the latest of a round's extensions that apply to an applicant counts
 * (domain/deadlines/open-round.server.ts). Each applicant named, or "everyone", gets an audit entry.
 */
export function extendDeadlineHandler(services: AppServices): RequestHandler {
  const refuse = (req: Request, res: Response, message: string) =>
    sendStaffNotice(services, req, res, 400, {
      title: 'Deadline not extended',
      message,
      links: [{ href: DEADLINES_PAGE, label: 'Back to the deadlines' }],
    });
  return async (req, res) => {
    const now = services.now();
    const zone = services.config.timeZone;
    const round = roundDeadlines(services.config, now).find((r) => r.name === text(req, 'round'));
    if (!round) return refuse(req, res, 'Choose one of the rounds listed on the deadlines page.');
    const minute = instantInZone(text(req, 'until'), zone);
    // "Until 23:59" includes that minute, as a round's deadline includes its last minute.
    const until = minute ? new Date(minute.getTime() + 60_000) : null;
    if (!until) return refuse(req, res, 'Write the new deadline as a date and time, for example 2027-01-17 23:59.');
    if (until <= round.closesAt || until <= now)
      return refuse(req, res, `The new deadline must be later than the ${round.label} deadline and than now.`);
    const names = [
      ...new Set(
        text(req, 'applicants')
          .split(/[\s,;]+/)
          .filter(Boolean),
      ),
    ];
    if (names.length > MAX_NAMED)
      return refuse(req, res, `Name at most ${MAX_NAMED} applicants at a time, or leave the list empty to extend for everyone.`);
    const found = await accountsNamed(services.db.knex, names);
    const unknown = names.filter((n) => !found.has(n.includes('@') ? n.toLowerCase() : n.toUpperCase()));
    if (unknown.length > 0)
      return refuse(req, res, `No applicant has this e-mail address or reference: ${unknown.join(', ')}. Nothing was extended.`);
    const staff = res.locals.staff!;
    const userIds = names.length === 0 ? [null] : [...new Set(found.values())];
    await services.db.knex.transaction(async (trx) => {
      await insertExtensions(
        trx,
        userIds.map((user_id) => ({ round: round.name, user_id, until, staff_email: staff.email, created_at: now })),
      );
      for (const user_id of userIds) {
        const detail = { round: round.name, until: until.toISOString(), for: user_id === null ? 'everyone' : 'applicant' };
        await recordAudit(trx, { at: now, staff_email: staff.email, action: 'deadline-extended', user_id, detail, ip: req.ip ?? null });
      }
    });
    res.redirect(303, `${DEADLINES_PAGE}?extended=1`);
  };
}
