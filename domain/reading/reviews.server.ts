import type { AppServices } from '../../platform/app-services.server.js';
import { assignmentsOf, type ReadingRound } from '../../db/repos/reading-assignments.server.js';
import { insertReview, reviewsOf, type ReviewRow } from '../../db/repos/reading-reviews.server.js';
import { lockReading, setStage, stagesFor } from '../../db/repos/reading-stages.server.js';
import { ReadingError } from './errors.js';
import { hasRole, mustHold, readingAudit } from './roles.server.js';
import type { StaffActor } from './staff-actor.js';
import { stageAfter, type ReadingStage } from './stages.js';
import { validateReview } from './review-validator.server.js';
import { REVIEW_FORM, scaleFields } from './review-form.js';

type Services = Pick<AppServices, 'config' | 'db' | 'now'>;

export interface Review {
  reader: string;
  round: ReadingRound;
  answers: Record<string, string | number>;
  submittedAt: Date;
}

const toReview = (r: ReviewRow): Review => ({
  reader: r.reader,
  round: r.round,
  answers: r.answers,
  submittedAt: new Date(r.submitted_at),
});

/**
 * The assigned reader submits their review. First write wins: a submitted review is final (409 after). When the
 * round's review is in, the stage moves on: a first read to the second read if one is assigned, else to committee.
 */
export async function submitReview(services: Services, reader: StaffActor, applicationId: string, answers: unknown): Promise<Review> {
  const clean = validateReview(answers);
  const email = reader.email.trim().toLowerCase();
  return services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const reading = await lockReading(trx, applicationId, now);
    if (!reading) throw new ReadingError(404, 'No submitted application with this id.');
    const assignments = await assignmentsOf(trx, applicationId);
    const mine = assignments.find((a) => a.reader === email);
    if (!mine) throw new ReadingError(403, 'This application is not assigned to you, so you cannot review it.');
    // A reader assigned to both rounds reviews the first, then the second.
    const submitted = new Set(
      (await trx('reading_reviews').where({ user_id: applicationId, reader: email }).select('round')).map(
        (r: { round: string }) => r.round,
      ),
    );
    const round = assignments
      .filter((a) => a.reader === email)
      .map((a) => a.round)
      .find((r) => !submitted.has(r));
    if (!round)
      throw new ReadingError(409, 'You have already submitted your review of this application; a submitted review cannot be changed.');
    const stored = await insertReview(trx, { user_id: applicationId, reader: email, round, answers: clean, submitted_at: now });
    if (!stored)
      throw new ReadingError(409, 'You have already submitted your review of this application; a submitted review cannot be changed.');
    const second = assignments.some((a) => a.round === 'second');
    const event = round === 'first' ? 'first-review-submitted' : 'second-review-submitted';
    const target = round === 'first' ? (second ? 'second_read' : 'committee') : 'committee';
    const to = stageAfter(reading.stage as ReadingStage, event, target);
    if (to && to !== reading.stage) await setStage(trx, applicationId, to, now);
    await readingAudit(trx, now, reader, 'review-submitted', applicationId, { round });
    return toReview(stored);
  });
}

/**
 * The reviews this staff member may read (audited as a read). With REVIEW_BLIND (the default) a reader sees
 * others' reviews only once their own is submitted; leads and admins always see all.
 */
export async function reviewsVisibleTo(services: Services, staff: StaffActor, applicationId: string): Promise<Review[]> {
  const all = (await reviewsOf(services.db.knex, [applicationId])).map(toReview);
  const email = staff.email.trim().toLowerCase();
  const seesAll = !services.config.reading.blindReviews || hasRole(services.config, staff, 'lead') || all.some((r) => r.reader === email);
  const visible = seesAll ? all : all.filter((r) => r.reader === email);
  await readingAudit(services.db.knex, services.now(), staff, 'reviews-read', applicationId, { count: visible.length });
  return visible;
}

export interface CommitteeRow {
  applicationId: string;
  stage: string;
  reviews: Review[];
  /** The mean of each scale field over the reviews that answered it (null without one), rounded to 2 places. */
  averages: Record<string, number | null>;
}

/** The committee's table (leads): each application's reviews side by side and the averages of the scale fields. */
export async function committeeView(services: Services, lead: StaffActor, applicationIds?: readonly string[]): Promise<CommitteeRow[]> {
  await mustHold(services, lead, 'lead', 'committee-view');
  const knex = services.db.knex;
  const ids =
    applicationIds ??
    ((await knex('application_reading').where({ stage: 'committee' }).orderBy('updated_at').limit(500).pluck('user_id')) as string[]);
  const [reviews, stages] = await Promise.all([reviewsOf(knex, ids), stagesFor(knex, ids)]);
  const rows = ids
    .filter((id) => stages.has(id))
    .map((id) => {
      const mine = reviews.filter((r) => r.user_id === id).map(toReview);
      const averages = Object.fromEntries(
        scaleFields(REVIEW_FORM).map((f) => {
          const values = mine.map((r) => r.answers[f.key]).filter((v): v is number => typeof v === 'number');
          return [f.key, values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null];
        }),
      );
      return { applicationId: id, stage: stages.get(id)!, reviews: mine, averages };
    });
  await readingAudit(knex, services.now(), lead, 'committee-view', null, { ids: rows.map((r) => r.applicationId) });
  return rows;
}
