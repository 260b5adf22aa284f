import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { ApplicationChoice, AssignPageData } from '../../contracts/reading-page-data.js';
import { applicationsAt, readersOf, type ReadingListRow } from '../../db/repos/reading-lists.server.js';
import { assignByHand, assignEvenly, moveToCommittee } from '../../domain/reading/assignments.server.js';
import { STAGE_LABELS, type ReadingStage } from '../../domain/reading/stages.js';
import { ReadingError } from '../../domain/reading/errors.js';
import { applicantName } from '../../form/applicant-name.js';
import { auditOffice } from '../staff/audit.server.js';
import { actorOfRequest, field, fields, isUuid, pageBase, refuse } from './common.server.js';

/** The stages a lead assigns from: before a decision. */
const ASSIGNABLE: ReadingStage[] = ['ready_for_review', 'first_read', 'second_read', 'committee'];

export function choiceOf(row: ReadingListRow): ApplicationChoice {
  return {
    id: row.user_id,
    reference: row.reference ?? 'No reference',
    name: applicantName(row.answers, 'No name given'),
    stage: STAGE_LABELS[row.stage as ReadingStage] ?? row.stage,
    decision: row.decision,
  };
}

/** /staff/reading (leads): the applications of a stage, to give to readers. Lists names, so the read is audited. */
export async function assignPageData(services: AppServices, office: OfficeRequest): Promise<AssignPageData> {
  const asked = office.query.get('stage') ?? '';
  const stage = (ASSIGNABLE as string[]).includes(asked) ? asked : 'ready_for_review';
  const rows = await applicationsAt(services.db.knex, [stage]);
  // Before a second round, the lead sees who read first (one reader per round; a different one is the point).
  const readers = await readersOf(
    services.db.knex,
    rows.map((r) => r.user_id),
  );
  await auditOffice(services, office, 'list', { detail: { page: 'reading', stage, count: rows.length } });
  return {
    ...pageBase(services, office, 'Assign applications to readers'),
    stage,
    stages: ASSIGNABLE.map((s) => ({ value: s, label: STAGE_LABELS[s] })),
    applications: rows.map((r) => ({ ...choiceOf(r), readers: readers.get(r.user_id) ?? [] })),
    readers: services.config.staff.emails,
    error: null,
  };
}

/** POST /staff/reading/assign: by hand to one reader, spread evenly among the chosen readers, or straight to committee. */
export function assignPost(services: AppServices): RequestHandler {
  return async (req, res) => {
    const ids = fields(req.body, 'application');
    const others = field(req.body, 'other_readers')
      .split(/[\s,;]+/)
      .filter(Boolean);
    const readers = [...new Set([...fields(req.body, 'reader'), ...others].map((r) => r.trim().toLowerCase()))];
    const round = field(req.body, 'round');
    const stage = field(req.body, 'stage');
    const back = `/staff/reading${/^[a-z_]{1,30}$/.test(stage) ? `?stage=${stage}` : ''}`;
    try {
      const lead = actorOfRequest(req, res);
      // Ids come from the page's checkboxes; anything else is not an application of this desk.
      if (!ids.every(isUuid)) throw new ReadingError(400, 'Choose the applications from the list.');
      const action = field(req.body, 'action');
      if (action === 'committee') {
        await moveToCommittee(services, lead, ids);
        return res.redirect(303, `${back}${back.includes('?') ? '&' : '?'}done=committee&assigned=${ids.length}-0`);
      }
      if (readers.length === 0) throw new ReadingError(400, 'Choose at least one reader.');
      if (action === 'even') {
        const shares = await assignEvenly(services, lead, ids, readers, round);
        const used = [...shares.values()].filter((share) => share.length > 0).length;
        return res.redirect(303, `${back}${back.includes('?') ? '&' : '?'}done=assigned&assigned=${ids.length}-${used}`);
      }
      if (readers.length !== 1)
        throw new ReadingError(
          400,
          `"Assign to this reader" gives the applications to one reader; you chose ${readers.length}. Choose one, or spread them evenly.`,
        );
      const count = await assignByHand(services, lead, ids, readers[0]!, round);
      return res.redirect(303, `${back}${back.includes('?') ? '&' : '?'}done=assigned&assigned=${count}-1`);
    } catch (err) {
      await refuse(services, req, res, err, 'Nothing assigned', { href: back, label: 'Back to the assignment page' });
    }
  };
}
