import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { eachStaffApplication } from '../../db/repos/staff-applications.server.js';
import { DECISIONS, type Decision } from '../../db/repos/after-submission.server.js';
import { isUuid, filterFrom } from '../staff/filter.server.js';
import { filterQuery } from '../staff/list-view.server.js';
import { StaffLayout, sendStaffMessage, sendStaffPage, deskTime } from '../staff/html.server.js';
import {
  ChecklistConflict,
  LETTER_MAX_LENGTH,
  afterSubmissionState,
  markTranscriptReceived,
  submittedApplication,
  type AfterSubmissionState,
} from '../../domain/after-submission/checklist.server.js';
import { recordDecision, releaseDecision } from '../../domain/after-submission/decisions.server.js';
import { officeResendsRequest } from '../../domain/after-submission/counselor-request.server.js';
import { DECISION_LABELS, RELEASE_BATCH_PATH, staffApplicationPath } from './staff-labels.js';
import { TranscriptPanel } from './staff-transcript-panel.server.js';
import { REJECTION_REASON_MAX_LENGTH, officeRejectsCounselorTranscript } from '../../domain/after-submission/counselor-rejection.server.js';
import { confirmRelease, previewRelease } from '../../domain/reading/releases.server.js';
import { ReadingError } from '../../domain/reading/errors.js';
import { applicantName } from '../../form/applicant-name.js';
import { documentAnswersFor } from '../../db/repos/documents.server.js';
import type { DocumentAnswer } from '../../contracts/api.js';

/** Most applications a batch release takes at once (each is a transaction, an audit line, an e-mail job). */
export const MAX_BATCH_RELEASE = 500;

const DONE: Record<string, string> = {
  received: 'The transcript is marked received.',
  resent: 'The request was sent to the counselor again.',
  rejected: 'The counselor’s transcript is rejected as unofficial. The applicant was e-mailed to give a new counselor address.',
  recorded: 'The decision is recorded. The applicant does not see it until it is released.',
  released: 'The decision is released. The applicant was e-mailed that there is an update.',
  unchanged: 'Nothing changed: that was already so.',
};

/**
 * The office's part of one application: the transcript checklist (with the counselor request), and the
 * decision with its letter. Plain POST forms (the Origin check applies), so it works without JavaScript.
 */
export function ChecklistPanel({ state, done, documents, timeZone }: { state: AfterSubmissionState; done?: string | null; documents?: Record<string, DocumentAnswer>; timeZone: string }) {
  const when = (d: Date | string | null) => deskTime(d, timeZone);
  const { decision, app } = state;
  const id = app.userId;
  const base = `/staff/applications/${id}`;
  return (
    <section aria-labelledby="office-checklist">
      <h2 id="office-checklist">Checklist and decision</h2>
      {done && DONE[done] ? <p role="status">{DONE[done]}</p> : null}
      <TranscriptPanel state={state} documents={documents} when={when} base={base} />
      <h3>Decision</h3>
      {decision ? (
        <>
          <p>
            <strong>{DECISION_LABELS[decision.decision]}</strong>
            {decision.released_at ? `, released ${when(decision.released_at)} by ${decision.released_by}` : ', not released'}
            {`. Recorded ${when(decision.recorded_at)} by ${decision.recorded_by}.`}
          </p>
          {decision.letter ? <pre className="letter">{decision.letter}</pre> : <p className="muted">No letter.</p>}
        </>
      ) : (
        <p>No decision recorded.</p>
      )}
      {!decision?.released_at ? (
        <>
          <form method="post" action={`${base}/decision`}>
            <fieldset>
              <legend>Record a decision</legend>
              {DECISIONS.map((d) => (
                <p key={d}>
                  <input type="radio" id={`decision-${d}`} name="decision" value={d} defaultChecked={decision?.decision === d} required />{' '}
                  <label htmlFor={`decision-${d}`}>{DECISION_LABELS[d]}</label>
                </p>
              ))}
              <p>
                <label htmlFor="letter">Letter (optional; the applicant reads it on their status page)</label>
                <br />
                <textarea id="letter" name="letter" rows={8} cols={60} maxLength={LETTER_MAX_LENGTH} defaultValue={decision?.letter ?? ''} />
              </p>
              <p>
                <input type="checkbox" id="release" name="release" value="1" /> <label htmlFor="release">Release it now (the applicant is e-mailed)</label>
              </p>
              <button type="submit">Record the decision</button>
            </fieldset>
          </form>
          {decision ? (
            <form method="post" action={`${base}/release`}>
              <button type="submit">Release this decision</button>
            </form>
          ) : null}
        </>
      ) : null}
    </section>
  );
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

  /** Runs one action; a conflict with the current state is a 409 page that says why and links back. */
  function action(run: (req: Request<{ id: string }>, res: Response) => Promise<string>): RequestHandler<{ id: string }> {
    return async (req, res) => {
      try {
        const done = await run(req, res);
        res.redirect(303, `${staffApplicationPath(req.params.id)}?done=${done}#office-checklist`);
      } catch (err) {
        if (!(err instanceof ChecklistConflict)) throw err;
        sendStaffMessage(res, 409, 'Not possible', res.locals.staff ?? null, (
          <>
            {err.message} <a href={staffApplicationPath(req.params.id)}>Back to the application</a>
          </>
        ));
      }
    };
  }

  return {
    /** GET /staff/applications/:id/checklist: the office's checklist and decision for one application. */
    page: (async (req, res) => {
      const app = await appOf(req.params.id);
      const state = (await afterSubmissionState(services, app.userId))!;
      const done = typeof req.query.done === 'string' ? req.query.done : null;
      sendStaffPage(
        res,
        200,
        <StaffLayout title={`${applicantName(app.answers, app.username)} (${app.reference ?? 'no reference'})`} staff={res.locals.staff!}>
          <p>
            <a href="/staff">Back to the list</a>
          </p>
          <ChecklistPanel state={state} done={done} timeZone={services.config.timeZone} documents={await documentAnswersFor(services.db.knex, app.userId)} />
        </StaffLayout>,
      );
    }) as RequestHandler<{ id: string }>,

    transcript: action(async (req, res) => {
      const via = field(req, 'via');
      if (via !== 'office-paper' && via !== 'office-etranscript') throw new HttpError(400, 'Choose how the transcript arrived: paper or e-transcript.');
      const outcome = await markTranscriptReceived(services, await appOf(req.params.id), via, actor(req, res));
      return outcome === 'changed' ? 'received' : 'unchanged';
    }),

    /** Any staff member may reject for now; a later issue adds roles (reader/lead/admin) and makes this a lead's action. */
    reject: action(async (req, res) => {
      const reason = field(req, 'reason').trim();
      if (!reason) throw new HttpError(400, 'Give the reason the transcript is not official: the applicant reads it.');
      if (reason.length > REJECTION_REASON_MAX_LENGTH) throw new HttpError(400, `The reason is too long: at most ${REJECTION_REASON_MAX_LENGTH} characters.`);
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
      const outcome = await recordDecision(services, await appOf(req.params.id), { decision: decision as Decision, letter, release: field(req, 'release') === '1' }, actor(req, res));
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
      if (!confirmation) {
        const preview = await previewRelease(services, ids);
        const again = `${RELEASE_BATCH_PATH}${filterQuery({ ...filter, decision: null })}`;
        return sendStaffPage(
          res,
          200,
          <StaffLayout title="Release decisions" staff={staff}>
            <p role="status">{preview.ids.length ? `${preview.sentence}.` : preview.sentence}</p>
            {preview.ids.length ? (
              <form method="post" action={again}>
                <input type="hidden" name="confirm" value={preview.digest} />
                <button type="submit">{`Yes, ${preview.sentence.charAt(0).toLowerCase()}${preview.sentence.slice(1)}`}</button>
              </form>
            ) : null}
            <p>
              <a href={`/staff${filterQuery({ ...filter, decision: null })}`}>Back to the list without releasing</a>
            </p>
          </StaffLayout>,
        );
      }
      try {
        const { released } = await confirmRelease(services, { email: staff.email, groups: staff.groups, ip: req.ip ?? null }, ids, confirmation);
        res.redirect(303, `/staff${filterQuery({ ...filter, decision: null }, { released: String(released) })}`);
      } catch (err) {
        if (!(err instanceof ReadingError)) throw err;
        sendStaffMessage(res, err.status, 'Release decisions', staff, (
          <>
            {err.message} <a href={`/staff${filterQuery({ ...filter, decision: null })}`}>Back to the list</a>
          </>
        ));
      }
    }) as RequestHandler,
  };
}
