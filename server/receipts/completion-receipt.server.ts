import type { AppServices } from '../../platform/app-services.server.js';
import type { CompletionReceipt } from '../../contracts/page-data.js';
import { RESEND_QUEUED_MESSAGE, receiptStatus, resendsExhaustedMessage } from '../../domain/receipts/receipts.server.js';
import { RESEND_RECEIPT_PATH } from './routes.server.js';

/** /completion's receipt section: the receipt e-mail's state, with the outcome of a resend (`search` is the page's query). */
export async function completionReceipt(services: AppServices, userId: string, search: Record<string, string>): Promise<CompletionReceipt> {
  const status = await receiptStatus(services, userId);
  // The outcome of "Send my receipt again" (a form post redirected back here, so it works without JavaScript).
  const said = search.receipt;
  const exhausted = resendsExhaustedMessage(services.config.contacts.officeEmail);
  const notice =
    said === 'sent'
      ? { kind: 'success' as const, text: RESEND_QUEUED_MESSAGE }
      : said === 'limit' || status.resendsLeft === 0
        ? { kind: 'info' as const, text: exhausted }
        : null;
  return { ...status, notice, resendPath: RESEND_RECEIPT_PATH };
}
