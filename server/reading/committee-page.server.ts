import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { officeRequest, type OfficeRequest } from '../office-page.server.js';
import type { CommitteeDraft, CommitteePageData } from '../../contracts/reading-page-data.js';
import { committeeView } from '../../domain/reading/reviews.server.js';
import { decideWithLetter, letterFor } from '../../domain/reading/letters.server.js';
import { scaleFields } from '../../domain/reading/review-form.js';
import { STAGE_LABELS, type ReadingStage } from '../../domain/reading/stages.js';
import { ReadingError } from '../../domain/reading/errors.js';
import { DECISIONS } from '../../db/repos/after-submission.server.js';
import { applicationsByIds } from '../../db/repos/reading-lists.server.js';
import { applicantName } from '../../form/applicant-name.js';
import { DECISION_LABELS } from '../after-submission/staff-labels.js';
import { sendPage } from '../render.server.js';
import { audit } from '../staff/audit.server.js';
import { actorOf, actorOfRequest, field, isUuid, pageBase, refuse, shownReview } from './common.server.js';

export const COMMITTEE_PATH = '/staff/committee';

/** /staff/committee (leads): each application in committee, its reviews side by side and their averages. committeeView audits the read. */
export async function committeePageData(
  services: AppServices,
  office: OfficeRequest,
  draft: CommitteeDraft | undefined,
): Promise<CommitteePageData> {
  // The stored stage stays 'committee' once decided (decided is read from the decision row): those are the
  // releases page's now, so the committee sees only what still waits for a decision.
  const rows = (await committeeView(services, actorOf(office))).filter((r) => r.stage === 'committee');
  const apps = await applicationsByIds(
    services.db.knex,
    rows.map((r) => r.applicationId),
  );
  return {
    ...pageBase(services, office, 'Committee'),
    entries: rows.map((r) => {
      const app = apps.get(r.applicationId);
      return {
        id: r.applicationId,
        reference: app?.reference ?? 'No reference',
        name: applicantName(app?.answers ?? {}, 'No name given'),
        stage: STAGE_LABELS[r.stage as ReadingStage] ?? r.stage,
        reviews: r.reviews.map((review) => shownReview(review, services.config.timeZone)),
        averages: scaleFields().map((f) => ({ label: f.label, value: r.averages[f.key] == null ? '—' : String(r.averages[f.key]) })),
      };
    }),
    decisions: DECISIONS.map((d) => ({ value: d, label: DECISION_LABELS[d] })),
    draft: draft ?? null,
  };
}

async function showDraft(
  services: AppServices,
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  draft: CommitteeDraft,
  status: number,
): Promise<void> {
  const office = officeRequest(services, req, res);
  await sendPage(services, req, res, COMMITTEE_PATH, { office, committeeDraft: draft }, status);
}

/**
 * POST /staff/committee/:id/letter ("Preview"): the decision's current template merged for this applicant, shown
 * in an editable box; POST /staff/committee/:id/decision ("Record decision"): decideWithLetter with that text.
 */
export function committeeHandlers(services: AppServices) {
  const back = { href: COMMITTEE_PATH, label: 'Back to the committee' };
  const preview: RequestHandler<{ id: string }> = async (req, res) => {
    const id = req.params.id;
    const decision = field(req.body, 'decision');
    try {
      if (!isUuid(id)) throw new ReadingError(404, 'No submitted application with this id.');
      if (!(DECISIONS as readonly string[]).includes(decision))
        return showDraft(services, req, res, { id, decision: '', letter: '', error: 'Choose a decision: admit, deny or waitlist.' }, 400);
      const letter = await letterFor(services, decision, id);
      await audit(services, req, res, 'letter-preview', { userId: id, detail: { decision, page: 'committee' } });
      await showDraft(services, req, res, { id, decision, letter: letter.text, error: null }, 200);
    } catch (err) {
      await refuse(services, req, res, err, 'No letter to preview', back);
    }
  };
  const decide: RequestHandler<{ id: string }> = async (req, res) => {
    const id = req.params.id;
    const decision = field(req.body, 'decision');
    const letter = field(req.body, 'letter');
    try {
      await decideWithLetter(services, actorOfRequest(req, res), id, decision, letter || null);
      res.redirect(303, `${COMMITTEE_PATH}?done=decision`);
    } catch (err) {
      if (err instanceof ReadingError && err.status === 400 && isUuid(id))
        return showDraft(services, req, res, { id, decision, letter, error: err.message }, 400);
      await refuse(services, req, res, err, 'Decision not recorded', back);
    }
  };
  return { preview, decide };
}
