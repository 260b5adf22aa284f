import { HttpError } from '../http-error.server.js';
import { mac, sameSignature } from '../tokens/signed-token.server.js';

/**
 * HMAC-signed upload policies and download links for the embedded store and the download route.
 * The upload policy mirrors an S3 POST policy (expiration, exact key, content-length-range) so the
 * embedded store refuses exactly what S3 would. Each is signed for its own purpose
 * (platform/tokens/signed-token.server.ts), so a signature made for one can never be replayed as the other.
 */

interface PolicyDocument {
  expiration: string;
  conditions: [{ key: string }, ['content-length-range', number, number], { success_action_redirect: string }?];
}

export interface VerifiedPolicy {
  key: string;
  minBytes: number;
  maxBytes: number;
  /** S3's success_action_redirect: signed into the policy, and posted as a field with the same value. */
  redirect?: string;
}

const policySignature = (secret: string, policy: string) => mac(secret, 'upload-policy', policy).toString('base64url');
// JSON keeps the three apart whatever characters a file name holds.
const downloadSignature = (secret: string, key: string, name: string, expires: string) =>
  mac(secret, 'download', JSON.stringify([key, name, expires])).toString('base64url');

export function signUploadPolicy(
  secret: string,
  key: string,
  maxBytes: number,
  expiresAt: Date,
  redirect?: string,
): Record<string, string> {
  const document: PolicyDocument = {
    expiration: expiresAt.toISOString(),
    conditions: [
      { key },
      ['content-length-range', 1, maxBytes],
      ...(redirect ? [{ success_action_redirect: redirect }] : []),
    ] as PolicyDocument['conditions'],
  };
  const policy = Buffer.from(JSON.stringify(document)).toString('base64url');
  return { key, ...(redirect ? { success_action_redirect: redirect } : {}), policy, signature: policySignature(secret, policy) };
}

const DENIED = 'The upload was refused: its authorisation is missing, invalid or expired. Please try again.';

/** Checks signature, expiry and key of the POSTed fields; the caller checks the size against the range. */
export function verifyUploadPolicy(secret: string, fields: Record<string, unknown>, now: Date): VerifiedPolicy {
  const { policy, signature, key } = fields;
  if (typeof policy !== 'string' || typeof signature !== 'string' || typeof key !== 'string') throw new HttpError(403, DENIED);
  if (!sameSignature(policySignature(secret, policy), signature)) throw new HttpError(403, DENIED);
  let document: PolicyDocument;
  try {
    document = JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')) as PolicyDocument;
  } catch {
    throw new HttpError(403, DENIED);
  }
  const expiration = Date.parse(document?.expiration);
  if (!Number.isFinite(expiration) || expiration <= now.getTime()) throw new HttpError(403, DENIED);
  const [keyCondition, range, redirectCondition] = document.conditions ?? [];
  if (!keyCondition || keyCondition.key !== key) throw new HttpError(403, DENIED);
  if (!Array.isArray(range) || range[0] !== 'content-length-range') throw new HttpError(403, DENIED);
  // As S3: the posted field must equal the signed condition (neither may be added, dropped or changed).
  const redirect = typeof redirectCondition?.success_action_redirect === 'string' ? redirectCondition.success_action_redirect : null;
  if ((fields.success_action_redirect ?? null) !== redirect) throw new HttpError(403, DENIED);
  return { key, minBytes: Number(range[1]), maxBytes: Number(range[2]), ...(redirect ? { redirect } : {}) };
}

export function signDownload(secret: string, key: string, name: string, expiresAt: Date): URLSearchParams {
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  const signature = downloadSignature(secret, key, name, expires);
  return new URLSearchParams({ key, name, expires, signature });
}

/** Returns {key, name} of a valid, unexpired download link; throws 403 otherwise. */
export function verifyDownload(secret: string, query: Record<string, unknown>, now: Date): { key: string; name: string } {
  const { key, name, expires, signature } = query;
  const refused = new HttpError(403, 'This download link is invalid or has expired.');
  if (typeof key !== 'string' || typeof name !== 'string' || typeof expires !== 'string' || typeof signature !== 'string') throw refused;
  if (!sameSignature(downloadSignature(secret, key, name, expires), signature)) throw refused;
  if (Number(expires) * 1000 <= now.getTime()) throw refused;
  return { key, name };
}
