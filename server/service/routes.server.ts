import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { getApplication } from '../../db/repos/applications.server.js';
import { documentAnswersFor } from '../../db/repos/documents.server.js';

/** §7 GET /service/tmp-pdf: what the read-only layout of one application is rendered from. */
export function serviceHandlers(services: AppServices) {
  const tmpPdf: RequestHandler = async (_req, res) => {
    const { userId } = res.locals.serviceUser!;
    const row = await getApplication(services.db.knex, userId, services.now());
    res.json({
      answer: row.answers,
      add_another: row.add_another,
      document_answer: await documentAnswersFor(services.db.knex, userId),
      tabs: row.tabs,
    });
  };
  return { tmpPdf };
}
