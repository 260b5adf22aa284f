import type { Config } from '../config.server.js';

/**
 * The origin browsers POST uploads to (presigned POST), for the CSP's connect-src and form-action.
 * It follows the SDK's addressing: virtual-hosted (bucket.host) unless path style is forced or the
 * bucket name cannot be a DNS label over https (dots), and AWS's regional host when no endpoint is set.
 * test/unit/s3-upload-origin.test.ts checks these rules against the URLs the SDK really signs.
 */
export function s3UploadOrigin(s3: NonNullable<Config['s3']>): string {
  const endpoint = new URL(s3.endpoint ?? `https://s3.${s3.region}.amazonaws.com`);
  const dnsCompatible = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(s3.bucket) && !(endpoint.protocol === 'https:' && s3.bucket.includes('.'));
  if (s3.forcePathStyle || !dnsCompatible) return endpoint.origin;
  return `${endpoint.protocol}//${s3.bucket}.${endpoint.host}`;
}
