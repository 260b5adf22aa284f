import type { AppServices } from '../../platform/app-services.server.js';
import { tooManyRequests } from '../../platform/http-error.server.js';
import { waitText } from '../auth/limits.server.js';
import { hit } from '../../db/repos/rate-limits.server.js';

/**
 * Per-applicant quotas on the expensive work (ADR 0060): each conversion starts LibreOffice or a
 * decoding process, each rendering drives Chromium for three pages. Counted in the database like every
 * other limit (one fixed window per applicant, shared by all web processes), generous for a person and
 * a wall for a script. A refusal is a 429 with Retry-After and says how long to wait.
 */
const HOUR = 3600_000;
export const CONVERSION_QUOTA = { max: 30, windowMs: HOUR };
export const RENDER_QUOTA = { max: 20, windowMs: HOUR };

async function take(
  services: AppServices,
  key: string,
  quota: { max: number; windowMs: number },
  message: (wait: string) => string,
): Promise<void> {
  const now = services.now();
  const { hits, windowStartedAt } = await hit(services.db.knex, key, now, quota.windowMs);
  if (hits <= quota.max) return;
  const waitMs = Math.max(1000, windowStartedAt.getTime() + quota.windowMs - now.getTime());
  throw tooManyRequests(message(waitText(waitMs)), waitMs);
}

/** One conversion request (POST /api/pdf/document-answer/{key}) by this applicant. */
export function takeConversionQuota(services: AppServices, userId: string): Promise<void> {
  return take(
    services,
    `convert:${userId}`,
    CONVERSION_QUOTA,
    (wait) =>
      `You have sent many files for conversion in the last hour (at most ${CONVERSION_QUOTA.max} an hour). Please wait ${wait} and try again.`,
  );
}

/** One new rendering of this applicant's application PDF. */
export function takeRenderQuota(services: AppServices, userId: string): Promise<void> {
  return take(
    services,
    `render:${userId}`,
    RENDER_QUOTA,
    (wait) =>
      `The PDF of your application has been created many times in the last hour (at most ${RENDER_QUOTA.max} an hour). Please wait ${wait} and try again.`,
  );
}
