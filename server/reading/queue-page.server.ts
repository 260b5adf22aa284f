import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { QueuePageData } from '../../contracts/reading-page-data.js';
import { myQueue } from '../../domain/reading/assignments.server.js';
import { formatDeskTime } from '../../form/local-time.js';
import { actorOf, pageBase } from './common.server.js';

/** /staff/queue ("My queue"): my assignments not yet reviewed, oldest first. myQueue audits the read. */
export async function queuePageData(services: AppServices, office: OfficeRequest): Promise<QueuePageData> {
  const entries = await myQueue(services, actorOf(office));
  return {
    ...pageBase(services, office, 'My queue'),
    rows: entries.map((e) => ({
      id: e.applicationId,
      reference: e.reference ?? 'No reference',
      round: e.round === 'first' ? 'First read' : 'Second read',
      assignedAt: formatDeskTime(e.assignedAt, services.config.timeZone),
    })),
  };
}
