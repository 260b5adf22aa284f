import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { ReaderPageData, ReviewFormField } from '../../contracts/reading-page-data.js';
import { assignmentsOf } from '../../db/repos/reading-assignments.server.js';
import { stagesFor } from '../../db/repos/reading-stages.server.js';
import { getApplication } from '../../db/repos/applications.server.js';
import { documentAnswersFor } from '../../db/repos/documents.server.js';
import { recordAudit } from '../../db/repos/staff.server.js';
import { nextInQueue, previousInQueue } from '../../domain/reading/assignments.server.js';
import { reviewsVisibleTo } from '../../domain/reading/reviews.server.js';
import { REVIEW_FORM } from '../../domain/reading/review-form.js';
import { hasRole } from '../../domain/reading/roles.server.js';
import { COUNSELOR_TRANSCRIPT_KEY } from '../../domain/after-submission/checklist.server.js';
import { fileQuestionKeys } from '../../form/document-keys.js';
import { fieldByKey } from '../../form/fields.js';
import { sendStaffNotice } from '../staff/staff-notice.server.js';
import { auditOffice } from '../staff/audit.server.js';
import { actorOf, isUuid, pageBase, shownReview } from './common.server.js';
import { documentFramePath } from './document-frame.server.js';
import { readerLetters } from '../recommendations/reader-letters.server.js';

/** A refused review comes back to the page with what was typed (server/reading/review-post.server.ts). */
export interface ReviewFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
}

export const readerPath = (id: string) => `/staff/queue/${id}`;

/**
 * Before the reader view and its review POST: the application is submitted, and this staff member is one of its
 * readers or a lead. Anyone else gets the desk's 403 page, and the trail a 'forbidden' line.
 */
export function readerAccess(services: AppServices): RequestHandler<{ id: string }> {
  return async (req, res, next) => {
    const id = req.params.id;
    const staff = res.locals.staff!;
    const submitted = isUuid(id) && (await stagesFor(services.db.knex, [id])).has(id);
    if (!submitted)
      return sendStaffNotice(services, req, res, 404, {
        title: 'No such application',
        message: 'There is no submitted application at this address.',
        links: [{ href: '/staff/queue', label: 'Back to my queue' }],
      });
    if (hasRole(services.config, staff, 'lead')) return next();
    const mine = (await assignmentsOf(services.db.knex, id)).some((a) => a.reader === staff.email.trim().toLowerCase());
    if (mine) return next();
    await recordAudit(services.db.knex, {
      at: services.now(),
      staff_email: staff.email,
      action: 'forbidden',
      user_id: id,
      detail: { action: res.locals.route ?? `${req.method} ${req.path}`, role: 'assigned reader' },
      ip: req.ip ?? null,
    });
    await sendStaffNotice(services, req, res, 403, {
      title: 'Not allowed',
      message: 'This application is not assigned to you. Only its readers and the leads of the admissions office can read it here.',
      links: [{ href: '/staff/queue', label: 'Back to my queue' }],
    });
  };
}

function documentLabel(key: string, letters: Record<string, string> = {}): string {
  if (letters[key]) return letters[key];
  if (key === COUNSELOR_TRANSCRIPT_KEY) return 'Transcript from the counselor';
  const label = fieldByKey(key)?.question.label;
  return typeof label === 'string' && label ? label : key;
}

/** /staff/queue/:id: the answers (audited as a 'view'), the documents, next/previous, and the review form or the reviews. */
export async function readerPageData(
  services: AppServices,
  office: OfficeRequest,
  state: ReviewFormState | undefined,
): Promise<ReaderPageData> {
  const knex = services.db.knex;
  const id = office.params.id!;
  const actor = actorOf(office);
  const email = actor.email.trim().toLowerCase();
  const [row, answered, assignments, stages, letters] = await Promise.all([
    getApplication(knex, id, services.now()),
    documentAnswersFor(knex, id),
    assignmentsOf(knex, id),
    stagesFor(knex, [id]),
    readerLetters(knex, id),
  ]);
  // Teachers' letters (issue 39): files among the documents, typed ones as text below them.
  const documents = { ...answered, ...letters.files };
  const label = (key: string) => documentLabel(key, letters.labels);
  await auditOffice(services, office, 'view', { userId: id, detail: { page: 'reader' } });
  const reviews = await reviewsVisibleTo(services, actor, id);
  const reviewed = new Set(reviews.filter((r) => r.reader === email).map((r) => r.round));
  const pending = assignments.some((a) => a.reader === email && !reviewed.has(a.round));
  const [next, previous] = await Promise.all([nextInQueue(services, actor, id), previousInQueue(services, actor, id)]);
  const keys = [...fileQuestionKeys(), COUNSELOR_TRANSCRIPT_KEY, ...Object.keys(letters.files)].filter((key) => documents[key]);
  // Converted documents count as answered (§3), as on the staff application page.
  const converted = Object.fromEntries(keys.filter((k) => documents[k]!.status === 'COMPLETED').map((k) => [k, 'ANSWERED']));
  // Only converted documents are framed (document-frame.server.ts); the one asked for, else the first.
  const framed = keys.filter((k) => documents[k]!.status === 'COMPLETED');
  const asked = office.query.get('doc');
  const shownKey = asked && framed.includes(asked) ? asked : (framed[0] ?? null);
  const blind = services.config.reading.blindReviews && !hasRole(services.config, actor, 'lead') && pending;
  const stage = stages.get(id) ?? '';
  return {
    ...pageBase(services, office, `Application ${row.reference ?? ''}`.trim()),
    id,
    reference: row.reference ?? '',
    answers: { ...row.answers, ...converted },
    counts: row.add_another ?? {},
    tabs: row.tabs ?? {},
    documents: keys.map((key) => ({
      key,
      label: `${label(key)}: ${documents[key]!.file_name}`,
      href: `/staff/applications/${id}/documents/${encodeURIComponent(key)}`,
      showHref: framed.includes(key) ? `${readerPath(id)}?doc=${encodeURIComponent(key)}#document` : null,
    })),
    shown: shownKey
      ? { key: shownKey, label: `${label(shownKey)}: ${documents[shownKey]!.file_name}`, src: documentFramePath(id, shownKey) }
      : null,
    letters: letters.typed,
    nextHref: next && next !== id ? readerPath(next) : null,
    previousHref: previous && previous !== id ? readerPath(previous) : null,
    form: pending && stage !== 'decided' && stage !== 'released' ? (REVIEW_FORM.map((f) => ({ ...f })) as ReviewFormField[]) : null,
    values: state?.values ?? {},
    errors: state?.errors ?? {},
    reviews: reviews.map((r) => shownReview(r, services.config.timeZone)),
    reviewsNote: blind ? 'Other readers’ reviews show here once you have submitted yours.' : null,
  };
}
