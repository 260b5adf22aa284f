import type { PageContextServer } from 'vike/types';
import { completionWithReceipt } from '../../server/receipts/completion-data.server.js';
import type { CompletionPageData } from '../../contracts/page-data.js';
import { applicationPdfState, type ApplicationPdfState } from '../../server/pdf/routes.server.js';
import { completionStatus } from '../../server/after-submission/completion-status.server.js';

/** `pdf`: the PDF's state as GET /api/pdf gives it, so the download link (or a refresh link) works without scripts. */
export type Data = CompletionPageData & { pdf: ApplicationPdfState | null };

export async function data(pageContext: PageContextServer): Promise<Data> {
  const page = await completionWithReceipt(pageContext);
  const user = pageContext.locals?.user;
  // The store or the queue being down is the island's to report (it polls); the page still renders.
  const pdf = user ? await applicationPdfState(pageContext.services, user.id).catch(() => null) : null;
  const status = user ? await completionStatus(pageContext.services, user.id, pageContext.urlParsed.search) : null;
  return { ...page, pdf, status };
}
