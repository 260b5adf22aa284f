import { createHash, randomBytes } from 'node:crypto';

/**
 * Object keys for documents, always built here from the session's user id and a form question key,
 * never from anything the applicant typed or named.
 */

const RANDOM_PART = /^[A-Za-z0-9_-]{32}$/;

export function uploadPrefix(userId: string, answerKey: string): string {
  return `users/${userId}/${answerKey}/`;
}

/** A fresh, unguessable key for one upload (each presign gets its own). */
export function newUploadKey(userId: string, answerKey: string): string {
  return `${uploadPrefix(userId, answerKey)}${randomBytes(24).toString('base64url')}`;
}

/** True only for a key this server could have issued to this user for this question. */
export function isUploadKeyFor(fileKey: unknown, userId: string, answerKey: string): fileKey is string {
  if (typeof fileKey !== 'string') return false;
  const prefix = uploadPrefix(userId, answerKey);
  return fileKey.startsWith(prefix) && RANDOM_PART.test(fileKey.slice(prefix.length));
}

/** Deterministic: the same upload always converts to the same object, so retries overwrite it. */
export function outputKeyFor(userId: string, answerKey: string, fileKey: string): string {
  return `converted/${userId}/${answerKey}/${createHash('sha256').update(fileKey).digest('hex').slice(0, 40)}.pdf`;
}
