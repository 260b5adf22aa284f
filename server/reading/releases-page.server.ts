import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { BatchView, ReleasesPageData } from '../../contracts/reading-page-data.js';
import { applicationsAt, applicationsByIds } from '../../db/repos/reading-lists.server.js';
import { batchItems, listBatches } from '../../db/repos/release-batches.server.js';
import { DECISIONS } from '../../db/repos/after-submission.server.js';
import { applicantName } from '../../form/applicant-name.js';
import { formatDeskTime } from '../../form/local-time.js';
import { DECISION_LABELS } from '../after-submission/staff-labels.js';
import { auditOffice } from '../staff/audit.server.js';
import { choiceOf } from './assign-page.server.js';
import { pageBase } from './common.server.js';

export const RELEASES_PATH = '/staff/releases';

/** What a release POST shows on the page: a preview to confirm, a step asking to confirm a remove or cancel, a refusal. */
export interface ReleaseState {
  preview?: ReleasesPageData['preview'];
  confirm?: ReleasesPageData['confirm'];
  error?: string;
}

const STATUS: Record<string, string> = { scheduled: 'Scheduled', running: 'Releasing now', done: 'Released', cancelled: 'Cancelled' };

async function batchViews(services: AppServices): Promise<BatchView[]> {
  const batches = await listBatches(services.db.knex, 20);
  const items = await Promise.all(batches.map((b) => batchItems(services.db.knex, b.id)));
  const apps = await applicationsByIds(services.db.knex, [...new Set(items.flat().map((i) => i.user_id))]);
  return batches.map((b, i) => ({
    id: b.id,
    status: STATUS[b.status] ?? b.status,
    scheduledFor: b.scheduled_for ? formatDeskTime(b.scheduled_for, services.config.timeZone) : '',
    createdBy: b.created_by,
    items: items[i]!.map((item) => {
      const app = apps.get(item.user_id);
      return {
        id: item.user_id,
        reference: app?.reference ?? 'No reference',
        name: applicantName(app?.answers ?? {}, 'No name given'),
        removed: Boolean(item.removed_at),
      };
    }),
  }));
}

/**
 * /staff/releases (leads): decided, unreleased applications to choose from (filtered by decision), the preview
 * a POST made, and the release batches with their applications. Names are shown, so the read is audited.
 */
export async function releasesPageData(
  services: AppServices,
  office: OfficeRequest,
  state: ReleaseState | undefined,
): Promise<ReleasesPageData> {
  const asked = office.query.get('decision') ?? '';
  const decision = (DECISIONS as readonly string[]).includes(asked) ? asked : '';
  const rows = await applicationsAt(services.db.knex, ['decided'], decision || null);
  const batches = await batchViews(services);
  await auditOffice(services, office, 'list', { detail: { page: 'releases', decision: decision || 'all', count: rows.length } });
  // A decision waiting in a scheduled release says so, so no one releases it twice by mistake.
  const waiting = new Map(
    batches
      .filter((b) => b.status === STATUS.scheduled)
      .flatMap((b) => b.items.filter((i) => !i.removed).map((i) => [i.id, `in release ${b.id}, ${b.scheduledFor}`] as const)),
  );
  return {
    ...pageBase(services, office, 'Release decisions'),
    decision,
    decisions: DECISIONS.map((d) => ({ value: d, label: DECISION_LABELS[d] })),
    applications: rows
      .map(choiceOf)
      .map((c) => ({ ...c, decision: c.decision ? DECISION_LABELS[c.decision as 'admit'] : null, scheduled: waiting.get(c.id) ?? null })),
    timeZone: services.config.timeZone,
    preview: state?.preview ?? null,
    batches,
    confirm: state?.confirm ?? null,
    error: state?.error ?? null,
  };
}
