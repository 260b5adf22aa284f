import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { setTabs } from '../../db/repos/applications.server.js';
import { documentAnswersFor } from '../../db/repos/documents.server.js';
import { deleteDocumentObjects, removeDocumentAnswers } from '../documents/documents.server.js';
import { isPending } from '../../contracts/statuses.js';
import { UPLOAD_IN_PROGRESS } from '../../contracts/api.js';
import { clearHidden } from '../../form/conditions.js';
import type { Answers, UiState } from '../../form/types.js';
import { whileOpen } from './open-application.server.js';

export const FILE_UPLOAD_IN_PROGRESS = UPLOAD_IN_PROGRESS.message;

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
    const withDocuments: Answers = { ...row.answers, ...Object.fromEntries(Object.keys(documents).map((key) => [key, 'ANSWERED'])) };
    const hiddenBy = (ui: UiState) =>
      new Set(Object.entries(clearHidden(withDocuments, undefined, { ui })).filter(([, value]) => value === '').map(([key]) => key));
    const hiddenBefore = hiddenBy({ addAnother: row.add_another, tabs: row.tabs });
    const hiddenAfter = hiddenBy({ addAnother: row.add_another, tabs });
    const leaving = Object.keys(documents).filter((key) => hiddenAfter.has(key) && !hiddenBefore.has(key));
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
