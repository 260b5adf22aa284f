import type { Readable } from 'node:stream';

/** What the browser needs to POST a file straight to the store (§7 "url and fields"). */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface ObjectHead {
  size: number;
  contentType: string | null;
}

/**
 * The object store: S3 (or any S3 API) when configured, else the embedded store under
 * $DATA_DIR/objects. Keys are always built by the server, never from client-supplied names.
 */
export interface ObjectStore {
  readonly kind: 's3' | 'local';
  /**
   * A browser-style POST policy bound to exactly this key, 1..maxBytes bytes, valid expiresSeconds. With
   * `redirect` (an absolute URL) a successful upload answers 303 to it with ?bucket, key and etag, as S3's
   * success_action_redirect does: a form posted without scripts comes back to the application.
   */
  presignPost(key: string, options: { maxBytes: number; expiresSeconds: number; redirect?: string }): Promise<PresignedPost>;
  /** Size and type of an object, or null when there is none. */
  head(key: string): Promise<ObjectHead | null>;
  /** The whole object (documents are at most 1 MB), or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  getStream(key: string): Promise<Readable | null>;
  put(key: string, body: Buffer | Uint8Array, contentType: string): Promise<void>;
  /** Stores a file from disk without reading it into memory (a ZIP of up to 1,000 PDFs). */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every key that starts with prefix ('' for the whole store), sorted: what an applicant's deletion removes
   * (users/<id>/, converted/<id>/) and what a backup copies (issue 27).
   */
  list(prefix: string): Promise<string[]>;
  /** A short-lived URL served by this app that downloads the object as an attachment named filename. */
  signedDownloadUrl(key: string, filename: string): Promise<string>;
  /** Resolves when the store answers; rejects with the reason otherwise (/readyz). */
  ping(): Promise<void>;
}

/** The store did not answer (network, credentials, missing bucket): the API turns this into 503. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`object store unavailable: ${(cause as Error)?.message ?? String(cause)}`);
    this.cause = cause;
  }
}

/** Keys the stores accept: path-like, ASCII, no empty or dot segments (they become file paths locally). */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isValidKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split('/').some((segment) => segment === '.' || segment === '..');
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid object key: ${JSON.stringify(key).slice(0, 80)}`);
}
