import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { RESEND_QUEUED_MESSAGE, resendReceipt, resendsExhaustedMessage } from '../../domain/receipts/receipts.server.js';

/** Where /completion's "Send my receipt again" form posts (a plain form: it works without JavaScript). */
export const RESEND_RECEIPT_PATH = '/completion/resend-receipt';

/**
 * POST /completion/resend-receipt: a browser's form post is answered with a redirect back to /completion
 * naming the outcome (?receipt=sent|limit), a JSON call with JSON (429 once the resends are used up).
 */
export function receiptHandlers(services: AppServices) {
  const resend: RequestHandler = async (req, res) => {
    const result = await resendReceipt(services, res.locals.user!.id);
    const wantsJson = req.accepts(['html', 'json']) === 'json';
    if (result.outcome === 'not-submitted') throw new HttpError(409, 'Submit your application first; the receipt is sent when you do.');
    if (!wantsJson) {
      res.redirect(303, `/completion?receipt=${result.outcome === 'queued' ? 'sent' : 'limit'}`);
      return;
    }
    if (result.outcome === 'exhausted') throw new HttpError(429, resendsExhaustedMessage(services.config.contacts.officeEmail));
    res.json({ message: RESEND_QUEUED_MESSAGE, resends_left: result.left });
  };
  return { resend };
}
