import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { WebhooksPageData } from '../../contracts/staff-desk-pages-data.js';
import { listUndelivered } from '../../db/repos/webhook-events.server.js';
import { formatDeskTime } from '../../form/local-time.js';
import { auditOffice } from './audit.server.js';

/** GET /staff/webhooks: deliveries not (yet) made, failed ones first, each retryable; it names applicants, so it is in the trail. */
export async function webhooksPageData(services: AppServices, office: OfficeRequest): Promise<WebhooksPageData> {
  const rows = await listUndelivered(services.db.knex, 200);
  await auditOffice(services, office, 'open-webhooks');
  return {
    title: 'Webhook deliveries',
    staffEmail: office.staff?.email ?? null,
    notice: office.query.get('retried') ? 'The delivery was queued again.' : null,
    configured: Boolean(services.config.webhook),
    rows: rows.map((row) => ({
      id: String(row.id),
      event: `evt_${row.id}`,
      application: row.applicant ?? '',
      state: row.status === 'failed' ? 'Failed' : 'Retrying',
      attempts: row.attempts,
      lastAttempt: row.last_attempt_at ? formatDeskTime(row.last_attempt_at, services.config.timeZone, 'seconds') : '',
      lastError: row.last_error ?? '',
      retryHref: row.status === 'failed' ? `/staff/webhooks/${row.id}/retry` : null,
    })),
  };
}
