import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { eachStaffApplication } from '../../db/repos/staff-applications.server.js';
import { DECISIONS, type Decision } from '../../db/repos/after-submission.server.js';
import { isUuid, filterFrom } from '../staff/filter.server.js';
import { filterQuery } from '../staff/filter.server.js';
import { sendStaffNotice } from '../staff/staff-notice.server.js';
import { sendPage } from '../render.server.js';
import {
  ChecklistConflict,
  LETTER_MAX_LENGTH,
  markTranscriptReceived,
  submittedApplication,
} from '../../domain/after-submission/checklist.server.js';
import type { ReleasePreviewData } from '../../contracts/checklist-page-data.js';
import { recordDecision, releaseDecision } from '../../domain/after-submission/decisions.server.js';
import { officeResendsRequest } from '../../domain/after-submission/counselor-request.server.js';
import { RELEASE_BATCH_PATH, staffApplicationPath } from './staff-labels.js';
import { REJECTION_REASON_MAX_LENGTH, officeRejectsCounselorTranscript } from '../../domain/after-submission/counselor-rejection.server.js';
import { confirmRelease, previewRelease } from '../../domain/reading/releases.server.js';
import { ReadingError } from '../../domain/reading/errors.js';

/**
 * The staff desk's form body limit (server/routes.server.ts): a decision letter of LETTER_MAX_LENGTH characters at
 * the most bytes one can take (4 in UTF-8), each percent-encoded (%XX: 3 bytes a byte), plus 4 KB for the other
 * fields. The body limit must not refuse a letter its own check accepts (issue 35 finding 14: 3,000 'é' got a bare 413).
 */
export const STAFF_FORM_LIMIT = LETTER_MAX_LENGTH * 4 * 3 + 4096;

/** Most applications a batch release takes at once (each is a transaction, an audit line, an e-mail job). */
export const MAX_BATCH_RELEASE = 500;

declare global {
  namespace Vike {
    interface PageContextServer {
      /** The batch release's first step (pages/(office)/staff/decisions/release), set by its post. */
      releasePreview?: ReleasePreviewData;
    }
  }
}

function field(req: Request, name: string): string {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** The staff desk's checklist and decision actions (rows in server/routes.server.ts, staff guard). */
export function staffChecklistHandlers(services: AppServices) {
  const actor = (req: Request, res: Response) => ({ name: res.locals.staff!.email, ip: req.ip ?? null });

  async function appOf(id: string) {
    const app = isUuid(id) ? await submittedApplication(services.db.knex, { userId: id }) : null;
    if (!app) throw new HttpError(404, 'No submitted application with this id.');
    return app;
  }

  /**
   * Runs one action and returns to the checklist saying what it did. A conflict with the current state (409) or
   * a refused input (400, 404) is the desk's notice page, which says why and links back.
   */
  function action(run: (req: Request<{ id: string }>, res: Response) => Promise<string>): RequestHandler<{ id: string }> {
    return async (req, res) => {
      try {
        const done = await run(req, res);
        res.redirect(303, `${staffApplicationPath(req.params.id)}?done=${done}#office-checklist`);
      } catch (err) {
        const refusal =
          err instanceof ChecklistConflict
            ? { status: 409, title: 'Not possible' }
            : err instanceof HttpError && err.status < 500
              ? { status: err.status, title: 'This request could not be used' }
              : null;
        if (!refusal) throw err;
        const back = isUuid(req.params.id) ? [{ href: staffApplicationPath(req.params.id), label: 'Back to the application' }] : undefined;
        await sendStaffNotice(services, req, res, refusal.status, { title: refusal.title, message: (err as Error).message, links: back });
      }
    };
  }

  return {
    transcript: action(async (req, res) => {
      const via = field(req, 'via');
      if (via !== 'office-paper' && via !== 'office-etranscript')
        throw new HttpError(400, 'Choose how the transcript arrived: paper or e-transcript.');
      const outcome = await markTranscriptReceived(services, await appOf(req.params.id), via, actor(req, res));
      return outcome === 'changed' ? 'received' : 'unchanged';
    }),

    /** Any staff member may reject for now; a later issue adds roles (reader/lead/admin) and makes this a lead's action. */
    reject: action(async (req, res) => {
      const reason = field(req, 'reason').trim();
      if (!reason) throw new HttpError(400, 'Give the reason the transcript is not official: the applicant reads it.');
      if (reason.length > REJECTION_REASON_MAX_LENGTH)
        throw new HttpError(400, `The reason is too long: at most ${REJECTION_REASON_MAX_LENGTH} characters.`);
      await officeRejectsCounselorTranscript(services, await appOf(req.params.id), reason, actor(req, res));
      return 'rejected';
    }),

    resend: action(async (req, res) => {
      await officeResendsRequest(services, await appOf(req.params.id), actor(req, res));
      return 'resent';
    }),

    decision: action(async (req, res) => {
      const decision = field(req, 'decision');
      if (!(DECISIONS as readonly string[]).includes(decision)) throw new HttpError(400, 'Choose a decision: admit, deny or waitlist.');
      const letter = field(req, 'letter');
      if (letter.length > LETTER_MAX_LENGTH) throw new HttpError(400, `The letter is too long: at most ${LETTER_MAX_LENGTH} characters.`);
      const outcome = await recordDecision(
        services,
        await appOf(req.params.id),
        { decision: decision as Decision, letter, release: field(req, 'release') === '1' },
        actor(req, res),
      );
      return outcome.released === 'changed' ? 'released' : outcome.recorded === 'changed' ? 'recorded' : 'unchanged';
    }),

    release: action(async (req, res) => {
      const outcome = await releaseDecision(services, await appOf(req.params.id), actor(req, res));
      return outcome === 'changed' ? 'released' : 'unchanged';
    }),

    /**
     * POST /staff/decisions/release?<list filters>: every recorded, unreleased decision among those applications.
     * The first POST only shows what it would do ("Release 3 decisions: 2 admit, 1 deny") with a button carrying
     * the digest of exactly that set; only the second POST, echoing it, releases (issue 37). A set changed
     * meanwhile releases nothing (409).
     */
    releaseBatch: (async (req, res) => {
      const filter = { ...filterFrom(req, services.now()), decision: 'unreleased' as const };
      const ids: string[] = [];
      for await (const row of eachStaffApplication(services.db.knex, filter)) {
        if (row.submitted_at) ids.push(row.user_id);
        if (ids.length >= MAX_BATCH_RELEASE) break;
      }
      const confirmation = field(req, 'confirm');
      const staff = res.locals.staff!;
      const back = `/staff${filterQuery({ ...filter, decision: null })}`;
      if (!confirmation) {
        const preview = await previewRelease(services, ids);
        const releasePreview: ReleasePreviewData = {
          title: 'Release decisions',
          staffEmail: staff.email,
          sentence: preview.sentence,
          count: preview.ids.length,
          action: `${RELEASE_BATCH_PATH}${filterQuery({ ...filter, decision: null })}`,
          digest: preview.digest,
          backHref: back,
        };
        return sendPage(services, req, res, RELEASE_BATCH_PATH, { releasePreview });
      }
      try {
        const { released } = await confirmRelease(
          services,
          { email: staff.email, groups: staff.groups, ip: req.ip ?? null },
          ids,
          confirmation,
        );
        res.redirect(303, `/staff${filterQuery({ ...filter, decision: null }, { released: String(released) })}`);
      } catch (err) {
        if (!(err instanceof ReadingError)) throw err;
        await sendStaffNotice(services, req, res, err.status, {
          title: 'Release decisions',
          message: err.message,
          links: [{ href: back, label: 'Back to the list' }],
        });
      }
    }) as RequestHandler,
  };
}
