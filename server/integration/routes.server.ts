import {
  liveRecommendationsForMany,
  waiversForMany,
  type RecommendationRow,
  type WaiverRow,
} from '../../db/repos/recommendations.server.js';
import { recommendationsJson } from '../recommendations/integration.server.js';
import type { Request, RequestHandler, Response } from 'express';
import Joi from 'joi';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { verifyToken } from '../../platform/tokens/signed-token.server.js';
import { clientForKey, submittedFeed, type FeedCursor, type FeedRow } from '../../db/repos/integration.server.js';
import { documentAnswersForMany } from '../../db/repos/documents.server.js';
import { afterSubmissionForMany, type AfterSubmissionRows } from '../../db/repos/after-submission.server.js';
import { stagesFor } from '../../db/repos/reading-stages.server.js';
import { afterSubmissionJson } from '../after-submission/integration-routes.server.js';
import type { DocumentAnswer } from '../../contracts/api.js';
import { findApplicationWithPdf } from '../../db/repos/application-pdfs.server.js';
import { answersWithDisplay } from '../../form/answer-columns.js';
import { enqueueApplicationPdf } from '../pdf/request-render.server.js';
import { applicantName } from '../../form/applicant-name.js';
import { keyHash, looksLikeKey, runClientCommand, CLIENT_NAME, type ClientCommand } from './client-keys.server.js';
import { hit } from '../../db/repos/rate-limits.server.js';
import { recordAudit } from '../../db/repos/staff.server.js';
import { repliesFor, type ReplyRow } from '../../db/repos/replies.server.js';
import { replyJson } from '../../domain/after-submission/reply-rules.js';

export const ADMIN_PURPOSE = 'integration-admin';
export const KEY_REQUIRED_MESSAGE = 'An integration key is required: Authorization: Bearer <key>.';
export const KEY_REFUSED_MESSAGE = 'This integration key is not valid or has been revoked.';
/** A submission becomes visible to the feed once its transaction has surely committed (see ADR 0170). */
export const FEED_SETTLE_MS = 5_000;
/**
 * Requests per client key and window (issue 23 finding 12): a backfill of 100,000 applications at 500 a page
 * takes 200 requests, a few minutes; a leaked key cannot copy the whole table in seconds.
 */
export const INTEGRATION_RATE_LIMIT = { max: 60, windowMs: 60_000 };
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare global {
  namespace Express {
    interface Locals {
      integrationClient?: { id: string; name: string };
    }
  }
}

/** The `integrationClient` guard: a live key in `Authorization: Bearer`, else 401; within its rate limit, else 429. */
export function requireClient(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    const auth = req.get('authorization') ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length).trim() : '';
    res.setHeader('Cache-Control', 'no-store');
    if (!key) return next(new HttpError(401, KEY_REQUIRED_MESSAGE, {}, { 'WWW-Authenticate': 'Bearer realm="integration"' }));
    const client = looksLikeKey(key) ? await clientForKey(services.db.knex, keyHash(key), services.now()) : null;
    if (!client)
      return next(new HttpError(401, KEY_REFUSED_MESSAGE, {}, { 'WWW-Authenticate': 'Bearer realm="integration", error="invalid_token"' }));
    res.locals.integrationClient = { id: client.id, name: client.name };
    // Counted in the database, so every web process shares the budget.
    const now = services.now();
    const { hits, windowStartedAt } = await hit(services.db.knex, `integration:${client.id}`, now, INTEGRATION_RATE_LIMIT.windowMs);
    if (hits <= INTEGRATION_RATE_LIMIT.max) return next();
    const waitSeconds = Math.max(1, Math.ceil((windowStartedAt.getTime() + INTEGRATION_RATE_LIMIT.windowMs - now.getTime()) / 1000));
    next(
      new HttpError(
        429,
        `Too many requests for this integration key: at most ${INTEGRATION_RATE_LIMIT.max} a minute. Retry after ${waitSeconds} s.`,
        {},
        { 'Retry-After': String(waitSeconds) },
      ),
    );
  };
}

/** Every read of applicant data by a client goes to the audit trail, named `integration:<client>`. */
async function auditIntegration(
  services: AppServices,
  req: Request,
  res: Response,
  action: 'integration-feed' | 'integration-pdf',
  target: { userId?: string; detail?: Record<string, unknown> },
) {
  await recordAudit(services.db.knex, {
    at: services.now(),
    staff_email: `integration:${res.locals.integrationClient!.name}`,
    action,
    user_id: target.userId ?? null,
    detail: target.detail,
    ip: req.ip ?? null,
  });
}

export function encodeFeedCursor(cursor: FeedCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function decodeFeedCursor(value: unknown): FeedCursor | null {
  if (value === undefined || value === '') return null;
  if (typeof value === 'string' && value.length <= 200) {
    try {
      const c = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as FeedCursor;
      // Exactly the ISO time this API writes: Date.parse also takes '1' or a year past PostgreSQL's range (a 500).
      if (
        typeof c.at === 'string' &&
        ISO_TIME.test(c.at) &&
        !Number.isNaN(Date.parse(c.at)) &&
        new Date(c.at).toISOString() === c.at &&
        typeof c.id === 'string' &&
        UUID.test(c.id)
      )
        return { at: c.at, id: c.id };
    } catch {
      // falls through
    }
  }
  throw new HttpError(400, 'since must be a next_cursor returned by this API.');
}

function feedItem(
  services: AppServices,
  row: FeedRow,
  documents: Record<string, DocumentAnswer>,
  after: AfterSubmissionRows | undefined,
  stage: string | null,
  reply: ReplyRow | undefined,
  recs: { rows: RecommendationRow[]; waiver: WaiverRow | undefined },
) {
  return {
    id: row.user_id,
    reference: row.reference,
    email: row.username,
    submitted_at: new Date(row.submitted_at).toISOString(),
    // The deadline round it was submitted under ('early-action', 'regular'; DEADLINES), null without deadlines (issue 40).
    deadline_round: row.deadline_round ?? null,
    answers: answersWithDisplay(row.answers),
    documents: Object.entries(documents).map(([key, d]) => ({ key, file_name: d.file_name, file_size: d.file_size, status: d.status })),
    pdf_url: `${services.config.publicUrl}/integration/v1/applications/${row.user_id}/pdf`,
    // The checklist and decision (issue 25), the same shape as the PUTs answer; transcript null until first read.
    ...(after?.checklist
      ? afterSubmissionJson({ checklist: after.checklist, decision: after.decision })
      : { transcript: null, decision: null }),
    // Where the office's reading is (issue 37, docs/reading-stages.md).
    stage,
    // The reply to an offer or a waitlist place and the deposit waiver (issue 39); null before a reply.
    reply: reply ? replyJson(reply) : null,
    // The teachers and their letters (issue 39, docs/after-submission.md).
    ...recommendationsJson(services, row.user_id, recs.rows, recs.waiver),
  };
}

const adminBody = Joi.object({
  action: Joi.string().valid('create', 'list', 'revoke').required(),
  name: Joi.when('action', { is: 'list', then: Joi.forbidden(), otherwise: Joi.string().pattern(CLIENT_NAME).required() }),
});

/** GET /integration/v1/applications (ADR 0170, README "Integrations"), and the loopback key administration. */
export function integrationHandlers(services: AppServices) {
  const knex = services.db.knex;

  // `npm run integration-client` while this server holds the embedded database: a local operator (the
  // route's `loopback` guard) with a token signed by SESSION_SECRET.
  const adminClients: RequestHandler = async (req, res) => {
    const auth = req.get('authorization') ?? '';
    if (!verifyToken(services.config.sessionSecret, ADMIN_PURPOSE, auth.replace(/^Bearer /, ''), services.now()).ok) {
      throw new HttpError(403, "The token is missing, expired, or not signed with this server's SESSION_SECRET.");
    }
    const { value, error } = adminBody.validate(req.body);
    if (error) throw new HttpError(400, error.message);
    res.setHeader('Cache-Control', 'no-store');
    res.json(await runClientCommand(knex, value as ClientCommand, services.now()));
  };

  const feed: RequestHandler = async (req, res) => {
    const since = decodeFeedCursor(req.query.since);
    const limitRaw = req.query.limit === undefined ? DEFAULT_LIMIT : Number(req.query.limit);
    if (!Number.isInteger(limitRaw) || limitRaw < 1 || limitRaw > MAX_LIMIT)
      throw new HttpError(400, `limit must be a whole number from 1 to ${MAX_LIMIT}.`);
    const settled = new Date(services.now().getTime() - FEED_SETTLE_MS);
    const rows = await submittedFeed(knex, since, settled, limitRaw + 1);
    const page = rows.slice(0, limitRaw);
    const last = page.at(-1);
    const next = last
      ? encodeFeedCursor({ at: new Date(last.submitted_at).toISOString(), id: last.user_id })
      : since
        ? encodeFeedCursor(since)
        : null;
    const documents = await documentAnswersForMany(
      knex,
      page.map((r) => r.user_id),
    );
    const after = await afterSubmissionForMany(
      knex,
      page.map((r) => r.user_id),
    );
    const stages = await stagesFor(
      knex,
      page.map((r) => r.user_id),
    );
    const ids = page.map((r) => r.user_id);
    const [recs, waivers, replies] = await Promise.all([
      liveRecommendationsForMany(knex, ids),
      waiversForMany(knex, ids),
      repliesFor(knex, ids),
    ]);
    const applications = page.map((row) =>
      feedItem(
        services,
        row,
        documents.get(row.user_id) ?? {},
        after.get(row.user_id),
        stages.get(row.user_id) ?? null,
        replies.get(row.user_id),
        { rows: recs.get(row.user_id) ?? [], waiver: waivers.get(row.user_id) },
      ),
    );
    // Which applications were handed out (ids only: the trail holds no answers).
    await auditIntegration(services, req, res, 'integration-feed', {
      detail: { count: applications.length, ids: page.map((r) => r.user_id) },
    });
    res.json({ applications, next_cursor: next, has_more: rows.length > limitRaw });
  };

  const applicationPdf: RequestHandler<{ id: string }> = async (req, res) => {
    const id = req.params.id;
    const found = UUID.test(id) ? await findApplicationWithPdf(knex, id) : null;
    const submitted = found ? await knex('applications').where({ user_id: id }).whereNotNull('submitted_at').first('user_id') : null;
    if (!found || !submitted) throw new HttpError(404, 'No submitted application with this id.');
    const pdf = found.pdf;
    if (
      pdf?.status === 'COMPLETED' &&
      pdf.output_key &&
      pdf.answers_version === found.version &&
      (await services.storage.head(pdf.output_key))
    ) {
      const name = applicantName(found.answers, 'Applicant').replace(/[^A-Za-z0-9]+/g, '-');
      await auditIntegration(services, req, res, 'integration-pdf', { userId: id });
      res.redirect(303, await services.storage.signedDownloadUrl(pdf.output_key, `Freshman-Application-${name}.pdf`));
      return;
    }
    const inFlight = pdf && (pdf.status === 'UNPROCESSED' || pdf.status === 'IN_PROGRESS') && pdf.answers_version === found.version;
    if (!inFlight) await enqueueApplicationPdf(services, id);
    res.setHeader('Retry-After', '30');
    res.status(202).json({ status: 'IN_PROGRESS', message: 'The PDF is being prepared; ask again shortly.' });
  };

  return { adminClients, feed, applicationPdf };
}
