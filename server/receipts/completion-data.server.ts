import type { PageContextServer } from 'vike/types';
import type { CompletionPageData } from '../../contracts/page-data.js';
import { completionPageData } from '../application/page-data.server.js';
import { RESEND_QUEUED_MESSAGE, receiptStatus, resendsExhaustedMessage } from '../../domain/receipts/receipts.server.js';
import { RESEND_RECEIPT_PATH } from './routes.server.js';

/** /completion's data: the submitted greeting and the receipt e-mail's state, with the outcome of a resend. */
export async function completionWithReceipt(pageContext: PageContextServer): Promise<CompletionPageData> {
  const page = await completionPageData(pageContext);
  const user = pageContext.locals?.user;
  if (!user) return page;
  const { services } = pageContext;
  const status = await receiptStatus(services, user.id);
  // The outcome of "Send my receipt again" (a form post redirected back here, so it works without JavaScript).
  const said = pageContext.urlParsed.search.receipt;
  const exhausted = resendsExhaustedMessage(services.config.contacts.officeEmail);
  const notice =
    said === 'sent' ? { kind: 'success' as const, text: RESEND_QUEUED_MESSAGE } : said === 'limit' || status.resendsLeft === 0 ? { kind: 'info' as const, text: exhausted } : null;
  return { ...page, receipt: { ...status, notice, resendPath: RESEND_RECEIPT_PATH } };
}
