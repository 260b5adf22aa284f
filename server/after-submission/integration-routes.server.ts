import type { Request, RequestHandler, Response } from 'express';
import Joi from 'joi';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { REFERENCE_PATTERN } from '../../db/repos/references.server.js';
import { DECISIONS } from '../../db/repos/after-submission.server.js';
import {
  ChecklistConflict,
  LETTER_MAX_LENGTH,
  afterSubmissionState,
  markTranscriptReceived,
  submittedApplication,
  type AfterSubmissionState,
} from '../../domain/after-submission/checklist.server.js';
import { recordDecision, type DecisionInput } from '../../domain/after-submission/decisions.server.js';

/** The checklist and decision as the CRM reads them (the PUT answers, the feed's items). */
export function afterSubmissionJson(state: Pick<AfterSubmissionState, 'checklist' | 'decision'>) {
  const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
  const { checklist, decision } = state;
  return {
    transcript: {
      status: checklist.status,
      received_via: checklist.received_via,
      received_at: iso(checklist.received_at),
      counselor_email: checklist.counselor_email,
      requested_at: iso(checklist.requested_at),
      counselor_said_not_my_student_at: iso(checklist.not_my_student_at),
    },
    decision: decision
      ? {
          decision: decision.decision,
          letter: decision.letter,
          recorded_at: iso(decision.recorded_at),
          released: Boolean(decision.released_at),
          released_at: iso(decision.released_at),
        }
      : null,
  };
}

const transcriptBody = Joi.object({ status: Joi.string().valid('received').required() })
  .required()
  .unknown(false);
const decisionBody = Joi.object({
  decision: Joi.string()
    .valid(...DECISIONS)
    .required(),
  letter: Joi.string().allow('', null).max(LETTER_MAX_LENGTH),
  release: Joi.boolean().strict(),
})
  .required()
  .unknown(false);

function body<T>(schema: Joi.Schema, value: unknown): T {
  const { value: parsed, error } = schema.validate(value, { abortEarly: true, convert: false });
  if (error) throw new HttpError(400, error.message);
  return parsed as T;
}

async function application(services: AppServices, reference: string) {
  const app = REFERENCE_PATTERN.test(reference) ? await submittedApplication(services.db.knex, { reference }) : null;
  if (!app) throw new HttpError(404, 'No submitted application with this reference.');
  return app;
}

const actor = (req: Request, res: Response) => ({ name: `integration:${res.locals.integrationClient!.name}`, ip: req.ip ?? null });

/**
 * PUT /integration/v1/applications/{reference}/checklist/transcript and …/decision (DESIGN §6; rows in
 * server/routes.server.ts behind the integrationClient guard): the CRM as the source of truth. Idempotent (the
 * same request again changes nothing and answers 200 with changed: false); 409 when the request conflicts
 * with the current state (a released decision is final).
 */
export function afterSubmissionIntegrationHandlers(services: AppServices) {
  return {
    transcript: (async (req, res) => {
      body(transcriptBody, req.body);
      const app = await application(services, String(req.params.reference));
      const outcome = await markTranscriptReceived(services, app, 'integration', actor(req, res));
      const state = (await afterSubmissionState(services, app.userId))!;
      res.json({ reference: app.reference, changed: outcome === 'changed', ...afterSubmissionJson(state) });
    }) as RequestHandler<{ reference: string }>,

    decision: (async (req, res) => {
      const input = body<DecisionInput>(decisionBody, req.body);
      const app = await application(services, String(req.params.reference));
      try {
        const outcome = await recordDecision(services, app, input, actor(req, res));
        const state = (await afterSubmissionState(services, app.userId))!;
        res.json({
          reference: app.reference,
          changed: outcome.recorded === 'changed' || outcome.released === 'changed',
          ...afterSubmissionJson(state),
        });
      } catch (err) {
        if (err instanceof ChecklistConflict) throw new HttpError(409, err.message);
        throw err;
      }
    }) as RequestHandler<{ reference: string }>,
  };
}
