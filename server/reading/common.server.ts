import type { Request, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { StaffUser } from '../staff/staff-session.server.js';
import type { StaffActor } from '../../domain/reading/staff-actor.js';
import type { Review } from '../../domain/reading/reviews.server.js';
import { REVIEW_FORM } from '../../domain/reading/review-form.js';
import { ReadingError } from '../../domain/reading/errors.js';
import { ChecklistConflict } from '../../domain/after-submission/checklist.server.js';
import type { ReadingPageBase, ShownReview } from '../../contracts/reading-page-data.js';
import { formatDeskTime } from '../../form/local-time.js';
import { sendStaffNotice } from '../staff/staff-notice.server.js';

/** The staff member of an office page's request, as the reading operations see them. */
export function actorOf(office: Pick<OfficeRequest, 'staff' | 'ip'>): StaffActor {
  if (!office.staff) throw new Error('a reading page rendered without the staff guard');
  return { email: office.staff.email, groups: office.staff.groups, ip: office.ip };
}

/** The same, for a POST handler behind the staff guard. */
export function actorOfRequest(req: Request, res: Response): StaffActor {
  const staff = res.locals.staff as StaffUser;
  return { email: staff.email, groups: staff.groups, ip: req.ip ?? null };
}

/** The `?done=` messages of the reading pages' redirects: only these words are ever shown. */
const DONE: Record<string, string> = {
  review: 'Your review is submitted.',
  decision: 'The decision is recorded. It reaches the applicant when it is released.',
  template: 'The letter template is saved as a new version.',
  released: 'The decisions are released. Each applicant gets one e-mail.',
  scheduled: 'The release is scheduled.',
  removed: 'The application is taken out of the release.',
  cancelled: 'The release is cancelled; it will release nothing.',
};

export function pageBase(services: AppServices, office: OfficeRequest, title: string): ReadingPageBase {
  const staff = office.staff;
  const asked = office.query.get('done');
  const assigned = office.query.get('assigned');
  let done = asked ? (DONE[asked] ?? null) : null;
  // "3 applications assigned to 2 readers": the counts come from the redirect, as digits only.
  if (asked === 'assigned' && assigned && /^\d{1,4}-\d{1,3}$/.test(assigned)) {
    const [apps, readers] = assigned.split('-').map(Number) as [number, number];
    done = `${plural(apps, 'application', 'applications')} assigned to ${plural(readers, 'reader', 'readers')}.`;
  }
  if (asked === 'committee' && assigned && /^\d{1,4}-0$/.test(assigned))
    done = `${plural(Number(assigned.split('-')[0]), 'application', 'applications')} sent to the committee.`;
  return { title, staffEmail: staff?.email ?? null, done };
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A review as a page shows it: each answer under its form label. */
export function shownReview(review: Review, timeZone: string): ShownReview {
  return {
    reader: review.reader,
    round: review.round === 'first' ? 'First read' : 'Second read',
    submittedAt: formatDeskTime(review.submittedAt, timeZone),
    answers: REVIEW_FORM.map((f) => {
      const value = review.answers[f.key];
      const shown = f.kind === 'choice' ? (f.options.find((o) => o.value === value)?.label ?? String(value ?? '')) : String(value ?? '');
      return { label: f.label, value: shown || '—' };
    }),
  };
}

/** A refused reading operation answers with the desk's notice and its status; anything else is a real failure. */
export async function refuse(
  services: AppServices,
  req: Request,
  res: Response,
  err: unknown,
  title: string,
  back: { href: string; label: string },
): Promise<void> {
  // A decision already released cannot change (the checklist's own refusal): a 409 like the reading's.
  if (err instanceof ChecklistConflict) return sendStaffNotice(services, req, res, 409, { title, message: err.message, links: [back] });
  if (!(err instanceof ReadingError)) throw err;
  await sendStaffNotice(services, req, res, err.status, { title, message: err.message, links: [back] });
}

/** One form value as a string (a repeated field or none → ''). */
export function field(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** A repeated form value (checkboxes) as a list of strings. */
export function fields(body: unknown, name: string): string[] {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');
}

export const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
