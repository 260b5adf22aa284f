import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { applicationPdfState } from './pdf-state.server.js';

export function pdfHandlers(services: AppServices) {
  const applicationPdf: RequestHandler = async (_req, res) => {
    res.json(await applicationPdfState(services, res.locals.user!.id));
  };
  return { applicationPdf };
}
