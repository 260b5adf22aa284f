import express, { type Request, type RequestHandler, type Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import type { Row } from '../route-rows.server.js';
import { withNulCheck } from '../security/no-nul.server.js';
import { sendNoticePage } from '../notice-page.server.js';
import { sendStaffNotice } from '../staff/staff-notice.server.js';
import { requireRole } from '../staff/require-role.server.js';
import { officePage } from '../office-page.server.js';
import { isUuid } from '../staff/filter.server.js';
import { actorOfRequest } from '../reading/common.server.js';
import { applicantReply, decideDepositWaiver, officeReply, requestDepositWaiver } from '../../domain/after-submission/replies.server.js';
import { ReplyError } from '../../domain/after-submission/reply-rules.js';
import { ReadingError } from '../../domain/reading/errors.js';
import { REPLY_FORM_PATH, WAIVER_FORM_PATH } from './completion-reply.server.js';

/**
 * The reply's rows of the route map (issue 39), spliced into server/routes.server.ts: the applicant's two forms on
 * /completion and the office's page and actions. Plain form posts under the app's Origin check; a refusal is a page
 * saying why with its status (400, 403, 409), never a silent redirect.
 */

export const replyPagePath = (id: string) => `/staff/applications/${id}/reply`;

/** One small form: an answer, a college or a reason, the version. */
const replyForm = withNulCheck(express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 6 }));

const field = (req: Request, name: string) => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

const version = (req: Request) => {
  const v = field(req, 'version');
  return /^\d{1,9}$/.test(v) ? Number(v) : -1;
};

async function applicantRefusal(services: AppServices, req: Request, res: Response, err: unknown): Promise<void> {
  if (!(err instanceof ReplyError)) throw err;
  await sendNoticePage(services, req, res, err.status, {
    kind: 'notice',
    title: 'Your reply was not changed',
    message: err.message,
    link: { href: '/completion#reply', label: 'Back to your application status' },
  });
}

async function staffRefusal(services: AppServices, req: Request, res: Response, err: unknown): Promise<void> {
  // A role refusal (the routes' lead guard makes it rare here) is a 403; for the office, "no offer to reply to" is a conflict.
  if (!(err instanceof ReplyError) && !(err instanceof ReadingError)) throw err;
  const role = err instanceof ReadingError && err.status === 403;
  await sendStaffNotice(services, req, res, role ? 403 : err.status === 403 ? 409 : err.status, {
    title: role ? 'Not allowed' : 'Not changed',
    message: err.message,
    links: [{ href: replyPagePath(String(req.params.id)), label: 'Back to the reply' }],
  });
}

export function replyRoutes(s: AppServices): Row[] {
  const lead = requireRole(s, 'lead');
  const reply: RequestHandler = async (req, res) => {
    try {
      const outcome = await applicantReply(
        s,
        res.locals.user!.id,
        { answer: field(req, 'answer'), college: field(req, 'college'), version: version(req) },
        req.ip ?? null,
      );
      res.redirect(303, `/completion?reply=${outcome === 'changed' ? 'saved' : 'unchanged'}#reply`);
    } catch (err) {
      await applicantRefusal(s, req, res, err);
    }
  };
  const waiver: RequestHandler = async (req, res) => {
    try {
      await requestDepositWaiver(s, res.locals.user!.id, field(req, 'reason'), req.ip ?? null);
      res.redirect(303, '/completion?reply=waiver-requested#deposit');
    } catch (err) {
      await applicantRefusal(s, req, res, err);
    }
  };
  const officeChange: RequestHandler<{ id: string }> = async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) return staffRefusal(s, req, res, new ReplyError(404, 'No submitted application with this id.'));
    try {
      const outcome = await officeReply(s, actorOfRequest(req, res), id, {
        answer: field(req, 'answer'),
        college: field(req, 'college'),
        version: version(req),
      });
      res.redirect(303, `${replyPagePath(id)}?done=${outcome === 'changed' ? 'reply' : 'unchanged'}`);
    } catch (err) {
      await staffRefusal(s, req, res, err);
    }
  };
  const waiverDecision: RequestHandler<{ id: string }> = async (req, res) => {
    const id = req.params.id;
    const choice = field(req, 'decision');
    if (!isUuid(id)) return staffRefusal(s, req, res, new ReplyError(404, 'No submitted application with this id.'));
    if (choice !== 'approve' && choice !== 'decline') return staffRefusal(s, req, res, new ReplyError(400, 'Choose approve or decline.'));
    try {
      const outcome = await decideDepositWaiver(s, actorOfRequest(req, res), id, choice === 'approve');
      res.redirect(303, `${replyPagePath(id)}?done=${outcome === 'changed' ? `waiver-${choice}d` : 'unchanged'}`);
    } catch (err) {
      await staffRefusal(s, req, res, err);
    }
  };
  // The table's columns are aligned by hand, to be read down: not reflowed by the formatter.
  // prettier-ignore
  return [
    { kind: 'route', method: 'POST', path: REPLY_FORM_PATH,                  guard: 'student', stack: [replyForm, reply] },
    { kind: 'route', method: 'POST', path: WAIVER_FORM_PATH,                 guard: 'student', stack: [replyForm, waiver] },
    { kind: 'route', method: 'GET',  path: '/staff/applications/:id/reply',  guard: 'staff',   stack: [officePage(s)] },
    { kind: 'route', method: 'POST', path: '/staff/applications/:id/reply',  guard: 'staff',   stack: [lead, officeChange] },
    { kind: 'route', method: 'POST', path: '/staff/applications/:id/deposit-waiver', guard: 'staff', stack: [lead, waiverDecision] },
  ];
}
