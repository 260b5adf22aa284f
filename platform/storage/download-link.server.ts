import { signDownload } from './signing.server.js';

/** The app's download route (storage routes); it streams the object as an attachment. */
export const DOWNLOAD_PATH = '/files/download';
const DOWNLOAD_LINK_SECONDS = 300;

/**
 * Downloads go through this app for both stores: one signed, short-lived link format, and the
 * bucket needs neither public access nor CORS for reads. Documents are at most 1 MB.
 */
export function downloadUrl(secret: string, key: string, filename: string, now: Date): string {
  const params = signDownload(secret, key, filename, new Date(now.getTime() + DOWNLOAD_LINK_SECONDS * 1000));
  return `${DOWNLOAD_PATH}?${params.toString()}`;
}
