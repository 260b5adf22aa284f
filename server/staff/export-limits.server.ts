import type { AppServices } from '../../platform/app-services.server.js';
import { hit } from '../../db/repos/rate-limits.server.js';

/**
 * Exports per staff member (issue 23 finding 17): a PDF bundle is minutes of Chromium and object-store work,
 * and every export is a copy of applicants' data leaving the desk. One bundle in the making at a time, a few
 * an hour; CSV files (cheap, streamed) a few dozen an hour.
 */
export const EXPORT_LIMITS = {
  zipPerHour: 6,
  csvPerHour: 30,
} as const;
const HOUR = 3600_000;

export type ExportCheck = { ok: true } | { ok: false; message: string };

export async function exportAllowed(services: AppServices, email: string, kind: 'csv' | 'zip'): Promise<ExportCheck> {
  const knex = services.db.knex;
  const now = services.now();
  if (kind === 'zip') {
    const running = await knex('staff_exports').where({ staff_email: email }).whereIn('status', ['queued', 'running']).first('id');
    if (running)
      return {
        ok: false,
        message: 'One of your PDF bundles is still being built: wait until it is ready (see PDF bundles), then ask for the next.',
      };
    const recent = (await knex('staff_exports')
      .where({ staff_email: email })
      .where('created_at', '>', new Date(now.getTime() - HOUR))
      .count({ n: '*' })
      .first()) as { n: number | string };
    if (Number(recent.n) >= EXPORT_LIMITS.zipPerHour)
      return {
        ok: false,
        message: `You have asked for ${EXPORT_LIMITS.zipPerHour} PDF bundles in the last hour, the most allowed. Try again later.`,
      };
    return { ok: true };
  }
  const { hits } = await hit(knex, `staff-csv:${email}`, now, HOUR);
  if (hits > EXPORT_LIMITS.csvPerHour)
    return {
      ok: false,
      message: `You have downloaded ${EXPORT_LIMITS.csvPerHour} CSV files in the last hour, the most allowed. Try again later.`,
    };
  return { ok: true };
}
