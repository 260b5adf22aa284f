import type { PageContextServer } from 'vike/types';
import { completionPageData, type CompletionPageData, type LifecyclePageContext } from '../../server/application/page-data.server.js';
import { RESEND_QUEUED_MESSAGE, receiptStatus, resendsExhaustedMessage } from '../../server/receipts/receipts.server.js';
import { RESEND_RECEIPT_PATH } from '../../server/receipts/routes.server.js';
import type { CompletionReceipt } from './ReceiptSection.js';

export type Data = CompletionPageData & { receipt: CompletionReceipt | null };

export async function data(pageContext: PageContextServer): Promise<Data> {
  const context = pageContext as unknown as LifecyclePageContext;
  const user = context.locals?.user;
  const page = await completionPageData(context);
  if (!user) return { ...page, receipt: null };
  const status = await receiptStatus(context.services, user.id);
  // The outcome of "Send my receipt again" (a form post redirected back here, so it works without JavaScript).
  const said = pageContext.urlParsed.search.receipt;
  const exhausted = resendsExhaustedMessage(context.services.config.contacts.officeEmail);
  const notice =
    said === 'sent' ? { kind: 'success' as const, text: RESEND_QUEUED_MESSAGE } : said === 'limit' || status.resendsLeft === 0 ? { kind: 'info' as const, text: exhausted } : null;
  return { ...page, receipt: { ...status, notice, resendPath: RESEND_RECEIPT_PATH } };
}
