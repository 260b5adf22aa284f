import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { getApplication } from '../../db/repos/applications.server.js';
import { findApplicationPdf, findApplicationWithPdf } from '../../db/repos/application-pdfs.server.js';
import { NO_CHROMIUM_MESSAGE, PDF_GAVE_UP_MESSAGE } from '../../platform/jobs/queues.js';
import { applicantName } from '../../form/applicant-name.js';
import type { PdfState } from '../../contracts/api.js';
import type { PdfStatus } from '../../contracts/statuses.js';
import { withStore } from '../storage/http-errors.server.js';
import { takeRenderQuota } from '../documents/quotas.server.js';
import { chromiumAvailable, enqueueApplicationPdf } from './request-render.server.js';

/**
 * §7 GET /api/pdf → {status, url}; /completion renders the same state, so its link works without scripts. Renders on demand when there is no PDF of the current answers yet,
 * and again when the last rendering gave up (its message says "try again later": this is the again).
 * The url is short-lived and downloads as an attachment.
 *
 * Every PDF lives in the object store and every new one goes there, so the store is asked before a link
 * is handed out or a rendering requested: while it is down the answer is a 503 saying so, never a link
 * that cannot be downloaded or a render that cannot be stored.
 */
export async function applicationPdfState(services: AppServices, userId: string): Promise<PdfState> {
  const user = { id: userId };
  const storage = services.storage;
  const knex = services.db.knex;
  // One query for the poll; an applicant without an application row yet gets one, as getApplication does.
  const found = await findApplicationWithPdf(knex, user.id);
  const application = found ?? (await getApplication(knex, user.id, services.now()));
  let pdf = found ? found.pdf : await findApplicationPdf(knex, user.id);
  const stale = !pdf || (pdf.answers_version !== application.version && (pdf.status === 'COMPLETED' || pdf.status === 'FAILED'));
  const retryFailed =
    pdf?.status === 'FAILED' &&
    (pdf.message === PDF_GAVE_UP_MESSAGE || (chromiumAvailable(services) && pdf.message === NO_CHROMIUM_MESSAGE));
  let missing = false;
  if (pdf?.status === 'COMPLETED' && pdf.output_key && !stale) {
    // A missing object (removed by a lifecycle rule or by hand) is rendered again rather than linked.
    missing = !(await withStore(() => storage.head(pdf!.output_key!)));
  }
  if (stale || retryFailed || missing) {
    // A new rendering must be stored: while the store is down that is a 503 now, not a render that
    // gives up later. (Polls of a rendering in progress, every second, do not ask the store.)
    if (!missing) await withStore(() => storage.ping());
    // Counted only when a rendering is requested, never for the polls of one in progress.
    if (chromiumAvailable(services)) await takeRenderQuota(services, user.id);
    await enqueueApplicationPdf(services, user.id);
    pdf = await findApplicationPdf(knex, user.id);
  }
  if (!pdf) throw new HttpError(500, 'PDF state missing');
  if (pdf.status === 'COMPLETED' && pdf.output_key) {
    const name = applicantName(application.answers, 'Applicant').replace(/[^A-Za-z0-9]+/g, '-');
    const url = await storage.signedDownloadUrl(pdf.output_key, `Freshman-Application-${name}.pdf`);
    return { status: 'COMPLETED', url };
  }
  return { status: pdf.status as PdfStatus, url: null, ...(pdf.message ? { message: pdf.message } : {}) };
}
