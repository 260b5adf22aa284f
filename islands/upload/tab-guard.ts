import { isPending } from '../../contracts/statuses.js';
import { isUploadBusy } from './activity.js';
import { conversionStatus, deleteConversion, deleteDocumentAnswer } from './upload-api.js';

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
