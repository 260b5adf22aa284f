import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { setTabs } from '../../db/repos/applications.server.js';
import { documentAnswersFor } from '../../db/repos/documents.server.js';
import { deleteDocumentObjects, removeDocumentAnswers } from '../documents/documents.server.js';
import { isPending } from '../../contracts/statuses.js';
import { UPLOAD_IN_PROGRESS } from '../../contracts/api.js';
import { clearHidden } from '../../form/conditions.js';
import type { Answers, UiState } from '../../form/types.js';
import type { DocumentAnswer } from '../../contracts/api.js';
import type { ApplicationRead } from '../../db/repos/applications.server.js';
import { whileOpen } from './open-application.server.js';

export const FILE_UPLOAD_IN_PROGRESS = UPLOAD_IN_PROGRESS.message;

type TabRow = Pick<ApplicationRead, 'answers' | 'add_another' | 'tabs'>;

/**
 * The document answers a switch to `tabs` deletes: by DESIGN §3's one clearing rule, those (taking part as
 * answered) that the new choice hides and the old one did not.
 */
function leavingDocuments(row: TabRow, documents: Readonly<Record<string, DocumentAnswer>>, tabs: Record<string, string>): string[] {
  const withDocuments: Answers = { ...row.answers, ...Object.fromEntries(Object.keys(documents).map((key) => [key, 'ANSWERED'])) };
  const hiddenBy = (ui: UiState) =>
    new Set(
      Object.entries(clearHidden(withDocuments, undefined, { ui }))
        .filter(([, value]) => value === '')
        .map(([key]) => key),
    );
  const hiddenBefore = hiddenBy({ addAnother: row.add_another, tabs: row.tabs });
  const hiddenAfter = hiddenBy({ addAnother: row.add_another, tabs });
  return Object.keys(documents).filter((key) => hiddenAfter.has(key) && !hiddenBefore.has(key));
}

/**
 * What choosing `chosenTab` would delete, for the question asked before (issue 38): the names of the uploaded
 * files, and whether one of them is still uploading or converting (the switch is refused then, §4). Nothing changes.
 */
export async function filesRemovedBySwitch(
  services: AppServices,
  userId: string,
  row: TabRow,
  tabId: string,
  chosenTab: string,
): Promise<{ files: string[]; pending: boolean }> {
  const documents = await documentAnswersFor(services.db.knex, userId);
  const leaving = leavingDocuments(row, documents, { ...row.tabs, [tabId]: chosenTab });
  return { files: leaving.map((key) => documents[key]!.file_name), pending: leaving.some((key) => isPending(documents[key]!.status)) };
}

/**
 * PUT /api/tabs. The submission is checked first, under the application's lock, before anything is cleared or
 * deleted (409 once submitted). Then DESIGN §3's one clearing rule decides with the new tab chosen: the answers
 * it hides are cleared, and the document answers it newly hides (taking part as answered) are deleted by the
 * documents service — refused while one is still uploading or converting (§4).
 */
export async function switchTab(
  services: AppServices,
  userId: string,
  tabId: string,
  chosenTab: string,
): Promise<{ tabs: Record<string, string>; version: number }> {
  const now = services.now();
  const result = await whileOpen(services, userId, async (trx, row) => {
    const tabs = { ...row.tabs, [tabId]: chosenTab };
    const documents = await documentAnswersFor(trx, userId);
    const leaving = leavingDocuments(row, documents, tabs);
    if (leaving.some((key) => isPending(documents[key]!.status))) {
      throw new HttpError(409, FILE_UPLOAD_IN_PROGRESS, { title: UPLOAD_IN_PROGRESS.title });
    }
    const answers = clearHidden(row.answers, undefined, { ui: { addAnother: row.add_another, tabs } }) as typeof row.answers;
    const removed = await removeDocumentAnswers(trx, userId, leaving);
    return { ...(await setTabs(trx, row, { tabs, answers, now })), removed };
  });
  // Objects go once the rows are gone for good (a rollback keeps both).
  await deleteDocumentObjects(services, result.removed);
  return { tabs: result.tabs, version: result.version };
}
