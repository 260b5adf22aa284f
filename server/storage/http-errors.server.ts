import { HttpError } from '../../platform/http-error.server.js';
import { FILE_MESSAGES } from '../../form/documents.js';
import { StorageUnavailableError } from '../../platform/storage/object-store.server.js';

export const STORAGE_UNAVAILABLE_MESSAGE = 'File storage is not available at the moment. Please try again in a few minutes.';

/** The client-facing error for a storage or upload failure, or null when it is a bug (500). */
export function storageHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof StorageUnavailableError) return new HttpError(503, STORAGE_UNAVAILABLE_MESSAGE);
  const code = (err as { code?: unknown })?.code;
  if (code === 'LIMIT_FILE_SIZE') return new HttpError(413, FILE_MESSAGES.tooLarge);
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return new HttpError(400, 'The upload was not in the expected form.');
  if (isMalformedUpload(err)) return new HttpError(400, 'The upload was not in the expected form.');
  return null;
}

/**
 * busboy's and multer's words for a body that is not multipart/form-data or is broken (a NUL in a part header, a
 * truncated body, a boundary that never comes, a client gone mid-way): the sender's fault, a 400 and no error log
 * (issue 35 finding 9). Anything else a parser throws is still a bug.
 */
const MALFORMED_UPLOAD =
  /^(Multipart: Boundary not found|Malformed part header|Unexpected end of (form|file)|Malformed content type|Missing Content-Type|Unsupported content type\b|Malformed urlencoded form|Request (error|aborted|closed))/;

export function isMalformedUpload(err: unknown): boolean {
  return err instanceof Error && !(err instanceof HttpError) && MALFORMED_UPLOAD.test(err.message);
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
