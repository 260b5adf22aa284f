import type { CompletionReceipt } from '../../contracts/page-data.js';
import { EmailText } from '../../islands/ui/EmailText.js';
import { t } from '../../contracts/i18n/page-text.js';

/** The submission's reference, said once near the top of /completion (also in the receipt e-mail and the PDF). */
export function ReferenceLine({ reference }: { reference: string | null }) {
  return reference ? (
    <p className="completion__reference">
      {t('Your reference:')} <strong data-reference>{reference}</strong>
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
      <h2 id="completion-receipt">{t('Your receipt')}</h2>
      <p>
        {receipt.sent
          ? t('We sent a receipt with your reference and a PDF of your application to')
          : t('We are sending a receipt with your reference and a PDF of your application to')}{' '}
        <strong>
          <EmailText email={email.toLowerCase()} />
        </strong>
        .
      </p>
      {receipt.notice ? (
        <p className={`alert alert--${receipt.notice.kind}`} role="status">
          {t(receipt.notice.text)}
        </p>
      ) : null}
      {receipt.resendsLeft > 0 ? (
        <form method="post" action={receipt.resendPath} className="completion__resend">
          <button type="submit" className="button button--secondary" aria-describedby="receipt-resends-left">
            {t('Send my receipt again')}
          </button>
          <p id="receipt-resends-left" className="field__hint">
            {receipt.resendsLeft === 1
              ? t('You can ask 1 more time.')
              : t('You can ask {{count}} more times.', { count: receipt.resendsLeft })}
          </p>
        </form>
      ) : null}
    </section>
  );
}
