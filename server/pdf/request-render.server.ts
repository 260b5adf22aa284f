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

/**
 * Requests a new rendering of the applicant's PDF; inside `trx` when given (the submission's transaction), of the
 * answers at `version` when the caller has the row (else it is read). 'failed': no Chromium here, so the PDF has
 * settled already (a receipt need not wait for it); 'requested': a job will render it.
 */
export async function enqueueApplicationPdf(
  services: AppServices,
  userId: string,
  trx?: Knex.Transaction,
  version?: number,
): Promise<'requested' | 'failed'> {
  const knex = trx ?? services.db.knex;
  const answersVersion = version ?? (await getApplication(knex, userId, services.now())).version;
  if (!chromiumAvailable(services)) {
    pdfRenders.inc({ outcome: 'no_chromium' });
    await failApplicationPdfNow(knex, userId, answersVersion, NO_CHROMIUM_MESSAGE, services.now());
    return 'failed';
  }
  const generation = await requestApplicationPdf(knex, userId, answersVersion, services.now());
  await services.boss.send(
    APPLICATION_PDF_QUEUE,
    { userId, generation },
    { ...PDF_JOB_OPTIONS, ...(trx ? { db: transactionalDb(trx) } : {}) },
  );
  return 'requested';
}
