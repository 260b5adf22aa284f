import { existsSync } from 'node:fs';
import type { Knex } from 'knex';
import type { AppServices } from '../../platform/app-services.server.js';
import { getApplication } from '../../db/repos/applications.server.js';
import { failApplicationPdfNow, requestApplicationPdf } from '../../db/repos/application-pdfs.server.js';
import { transactionalDb } from '../../platform/jobs/boss.server.js';
import { APPLICATION_PDF_QUEUE, NO_CHROMIUM_MESSAGE, PDF_JOB_OPTIONS } from '../../platform/jobs/queues.js';
import { pdfRenders } from '../../platform/observability/metrics.server.js';

export function chromiumAvailable(services: AppServices): boolean {
  return Boolean(services.config.chromiumPath && existsSync(services.config.chromiumPath));
}

/** Requests a new rendering of the applicant's PDF; inside `trx` when given (the submission's transaction). */
export async function enqueueApplicationPdf(services: AppServices, userId: string, trx?: Knex.Transaction): Promise<void> {
  const knex = trx ?? services.db.knex;
  const row = await getApplication(knex, userId, services.now());
  if (!chromiumAvailable(services)) {
    pdfRenders.inc({ outcome: 'no_chromium' });
    await failApplicationPdfNow(knex, userId, row.version, NO_CHROMIUM_MESSAGE, services.now());
    return;
  }
  const generation = await requestApplicationPdf(knex, userId, row.version, services.now());
  await services.boss.send(
    APPLICATION_PDF_QUEUE,
    { userId, generation },
    { ...PDF_JOB_OPTIONS, ...(trx ? { db: transactionalDb(trx) } : {}) },
  );
}
