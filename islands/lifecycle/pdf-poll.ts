/** The §4/§9 polling of GET /api/pdf (statuses and body: contracts/statuses.ts, contracts/api.ts). */

export const PDF_POLL_FAST_MS = 1000;
export const PDF_POLL_SLOW_MS = 600_000;

/** Every 1000 ms until the first non-pending result, then every 600000 ms (the link is refreshed). */
export function nextPdfPollDelay(seenSettled: boolean): number {
  return seenSettled ? PDF_POLL_SLOW_MS : PDF_POLL_FAST_MS;
}
