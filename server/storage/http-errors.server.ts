import { HttpError } from '../http-error.server.js';
import { FILE_MESSAGES } from '../../form/documents.js';
import { StorageUnavailableError } from './object-store.server.js';

export const STORAGE_UNAVAILABLE_MESSAGE = 'File storage is not available at the moment. Please try again in a few minutes.';

/** The client-facing error for a storage or upload failure, or null when it is a bug (500). */
export function storageHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof StorageUnavailableError) return new HttpError(503, STORAGE_UNAVAILABLE_MESSAGE);
  const code = (err as { code?: unknown })?.code;
  if (code === 'LIMIT_FILE_SIZE') return new HttpError(413, FILE_MESSAGES.tooLarge);
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return new HttpError(400, 'The upload was not in the expected form.');
  // busboy: a body that is not multipart/form-data, or a broken one.
  if (err instanceof Error && /multipart|boundary|Unexpected end of form/i.test(err.message)) {
    return new HttpError(400, 'The upload was not in the expected form.');
  }
  return null;
}

/** Runs a store call and turns "the store did not answer" into that 503; everything else passes through. */
export async function withStore<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof StorageUnavailableError) throw storageHttpError(err)!;
    throw err;
  }
}
