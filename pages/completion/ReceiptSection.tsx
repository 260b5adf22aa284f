import type { CompletionReceipt } from '../../contracts/page-data.js';
import { EmailText } from '../../islands/ui/EmailText.js';

/** The submission's reference, said once near the top of /completion (also in the receipt e-mail and the PDF). */
export function ReferenceLine({ reference }: { reference: string | null }) {
  return reference ? (
    <p className="completion__reference">
      Your reference: <strong data-reference>{reference}</strong>
    </p>
  ) : null;
}

/**
 * The receipt e-mail: where it went, and "Send my receipt again" a few times (a plain form post, so it works
 * without JavaScript; the outcome comes back as ?receipt=sent|limit).
 */
export function ReceiptSection({ receipt, email }: { receipt: CompletionReceipt; email: string }) {
  return (
    <section className="completion__section" aria-labelledby="completion-receipt">
      <h2 id="completion-receipt">Your receipt</h2>
      <p>
        {receipt.sent ? 'We sent' : 'We are sending'} a receipt with your reference and a PDF of your application to{' '}
        <strong>
          <EmailText email={email.toLowerCase()} />
        </strong>
        .
      </p>
      {receipt.notice ? (
        <p className={`alert alert--${receipt.notice.kind}`} role="status">
          {receipt.notice.text}
        </p>
      ) : null}
      {receipt.resendsLeft > 0 ? (
        <form method="post" action={receipt.resendPath} className="completion__resend">
          <button type="submit" className="button button--secondary" aria-describedby="receipt-resends-left">
            Send my receipt again
          </button>
          <p
            id="receipt-resends-left"
            className="field__hint"
          >{`You can ask ${receipt.resendsLeft} more ${receipt.resendsLeft === 1 ? 'time' : 'times'}.`}</p>
        </form>
      ) : null}
    </section>
  );
}
