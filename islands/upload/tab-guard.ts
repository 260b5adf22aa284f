import { isPending } from '../../contracts/statuses.js';
import { isUploadBusy } from './activity.js';
import { conversionStatus, deleteConversion, deleteDocumentAnswer, documentAnswers } from './upload-api.js';

/**
 * Issue 38: what leaving a tab would delete, asked before the switch. 'blocked' while an upload or a conversion of
 * these questions is under way (§4: 'File Upload in Progress'); else the names of the files uploaded to them.
 */
export async function filesLeaving(keys: readonly string[]): Promise<'blocked' | string[]> {
  if (keys.some(isUploadBusy)) return 'blocked';
  // Read now, not at page load: the file may have been uploaded since.
  const answers = await documentAnswers();
  const uploaded = keys.flatMap((key) => (answers[key] ? [answers[key]] : []));
  if (uploaded.some((answer) => isPending(answer.status))) return 'blocked';
  return uploaded.map((answer) => answer.file_name);
}

/**
 * §4 tabs: before leaving a tab that holds document questions, check their conversions. An upload
 * still going, or a conversion UNPROCESSED or IN_PROGRESS, blocks the switch ('blocked': show the
 * 'File Upload in Progress' dialog). Otherwise the conversions and document answers are deleted.
 */
export async function leaveDocumentTab(keys: readonly string[]): Promise<'blocked' | 'cleared'> {
  if (keys.some(isUploadBusy)) return 'blocked';
  const statuses = await Promise.all(keys.map((key) => conversionStatus(key)));
  if (statuses.some((s) => isPending(s.status))) return 'blocked';
  // Both deletes are idempotent; a document answer may outlive its conversion, so always send both.
  for (const key of keys) {
    await deleteConversion(key);
    await deleteDocumentAnswer(key);
  }
  return 'cleared';
}
