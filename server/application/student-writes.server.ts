import type { AppServices } from '../../platform/app-services.server.js';
import { validate } from '../../form/validate.js';
import {
  recordWebStatus,
  saveAnswers,
  setValidations,
  type ApplicationRead,
  type StoredAnswers,
} from '../../db/repos/applications.server.js';
import { submitApplication } from '../../db/repos/application-submit.server.js';
import { prepareAnswers, uiStateOf } from './answers.server.js';
import { absorbCarriedAnswers } from './profile.server.js';
import { whileOpen } from './open-application.server.js';
import { enqueueApplicationPdf } from '../pdf/request-render.server.js';
import { queueSubmissionReceipt } from '../../domain/receipts/receipts.server.js';
import { recordSubmissionEvent } from '../integration/webhook-outbox.server.js';
import { openChecklistAtSubmission } from '../../domain/after-submission/counselor-request.server.js';
import type { SubmittedApplication } from '../../domain/after-submission/checklist.server.js';
import { deadlinePassedText, deadlineState } from '../../domain/deadlines/open-round.server.js';
import { translator } from '../../contracts/i18n/translate.js';
import { ES_PAGES } from '../../contracts/i18n/es-catalogue.js';
import type { Lang } from '../../form/lang.js';

/**
 * The two writes a student makes both through the JSON API (PUT /api/answer, POST /api/submit) and through a
 * plain form post (server/form-post/): one implementation, so both paths keep the same rules.
 */

/**
 * Saves typed answers: carried answers taken in first, hidden ones cleared with the row's UI state. `read` is
 * the row as this request already read it (PUT /api/answer reads it with the session), null when it has none.
 */
export function saveStudentAnswers(
  services: AppServices,
  userId: string,
  changes: StoredAnswers,
  expectedVersion: number | null,
  read?: ApplicationRead | null,
) {
  const now = services.now();
  return saveAnswers(services.db.knex, userId, {
    changes,
    expectedVersion,
    now,
    ...(read !== undefined ? { read } : {}),
    absorb: (trx, row) => absorbCarriedAnswers(services, trx, userId, row),
    prepare: (merged, previous, row) => prepareAnswers(merged, previous, uiStateOf(row), now),
  });
}

/**
 * The whole of Submit, for the island's one POST /api/submit and the form post's Submit alike: submits when the
 * locked row validates (a tab switched or an instance added by another tab meanwhile counts); otherwise the
 * applicant is validating from now on (§4: the statuses started and validating are recorded) and the problems
 * become the stored validation result, which every page then shows. What a submission sets off — the
 * application PDF, the receipt e-mail, the webhook event — is queued inside the submission's transaction, so
 * it happens exactly when the submission does.
 * `arrivedAt` is when the request reached the server (server/deadlines/arrival.server.ts): the deadline is judged
 * by it, so a submit sent at 23:59:59.9 is accepted however long its processing takes.
 */
export async function submitStudentApplication(
  services: AppServices,
  /** The session's account: its address is the applicant's own, which a counselor's address may not be. */
  account: { id: string; username: string },
  arrivedAt: Date,
  /** The request's language: the refusal after the deadline is said in it, as the page's banner is. */
  lang: Lang,
) {
  const userId = account.id;
  const accountEmail = account.username;
  const now = services.now();
  const state = await deadlineState({ config: services.config, knex: services.db.knex }, userId, arrivedAt);
  const deadline =
    state.kind === 'closed'
      ? { closed: deadlinePassedText(translator(lang, ES_PAGES), state.closesAt, services.config.timeZone, lang) }
      : { round: state.kind === 'open' ? state.round.name : null };
  const outcome = await submitApplication(services.db.knex, userId, {
    now,
    deadline,
    // Answers carried through login are taken in on the locked row, in the submission's transaction.
    absorb: (trx, row) => absorbCarriedAnswers(services, trx, userId, row),
    check: (locked) => {
      const problems = validate(locked.answers, 'all', { ui: uiStateOf(locked), now, accountEmail });
      return problems.length > 0 ? problems : null;
    },
    // What a submission sets off is handed the submitted row: none of it reads the row again (docs/performance.md).
    afterSubmit: async (trx, { row, reference, submittedAt }) => {
      const pdf = await enqueueApplicationPdf(services, userId, trx, row.version);
      await queueSubmissionReceipt(services, trx, { userId, reference, pdf });
      await recordSubmissionEvent(services, trx, userId, submittedAt);
      await openChecklistAtSubmission(services, trx, {
        userId,
        username: accountEmail,
        // The request's language, which the account has just been given (server/i18n/language.server.ts).
        lang,
        reference,
        submittedAt,
        answers: row.answers as SubmittedApplication['answers'],
        tabs: row.tabs,
      });
    },
  });
  if (outcome.outcome === 'invalid') {
    await whileOpen(services, userId, async (trx) => {
      for (const status of ['started', 'validating'] as const) await recordWebStatus(trx, userId, status, now);
      await setValidations(trx, userId, outcome.problems, now);
    });
  }
  return outcome;
}
