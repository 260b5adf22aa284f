import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import {
  INVITE_MESSAGES,
  WAIVER_MESSAGES,
  applicantAnswersWaiver,
  applicantInvitesTeacher,
} from '../../domain/recommendations/recommendation-invite.server.js';
import { RETURN_PATHS } from './applicant-view.server.js';

/** The applicant's recommendation forms (issue 39): plain posts from /completion or /recommendations, before or after submitting. */

const INVITE_STATUS: Record<string, number> = {
  sent: 200,
  unchanged: 200,
  'letter-in': 409,
  limit: 429,
  'waiver-needed': 409,
  duplicate: 400,
  'own-address': 400,
  'no-application': 409,
};

function field(req: Request, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** A form post goes back to the page it came from, naming the outcome; JSON gets JSON with a status. */
function reply(req: Request, res: Response, outcome: string, message: string | null, slot?: number): void {
  if (req.accepts(['html', 'json']) === 'json') {
    res.status(INVITE_STATUS[outcome] ?? (outcome === 'saved' ? 200 : outcome === 'final' ? 409 : 400)).json({ outcome, message });
    return;
  }
  const back = field(req, 'back') === 'completion' ? 'completion' : 'recommendations';
  const [path, hash] = RETURN_PATHS[back].split('#') as [string, string];
  res.redirect(303, `${path}?rec=${encodeURIComponent(outcome)}${slot ? `&slot=${slot}` : ''}#${hash}`);
}

export function recommendationApplicantHandlers(services: AppServices) {
  return {
    /** POST /recommendations/teacher: name (or replace) the teacher of slot 1 or 2. */
    invite: (async (req, res) => {
      const input = { slot: field(req, 'slot'), name: field(req, 'name'), email: field(req, 'email'), subject: field(req, 'subject') };
      const { outcome, slot } = await applicantInvitesTeacher(services, res.locals.user!.id, input, req.ip ?? null);
      reply(req, res, outcome, outcome === 'sent' ? null : INVITE_MESSAGES[outcome], slot);
    }) as RequestHandler,
    /** POST /recommendations/waiver: the FERPA question, yes or no. */
    waiver: (async (req, res) => {
      const outcome = await applicantAnswersWaiver(services, res.locals.user!.id, field(req, 'waive'), req.ip ?? null);
      reply(req, res, outcome, outcome === 'saved' ? null : WAIVER_MESSAGES[outcome]);
    }) as RequestHandler,
  };
}
