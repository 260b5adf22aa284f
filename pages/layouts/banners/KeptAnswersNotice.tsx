import { KEPT_CLEAR_BACK, KEPT_CLEAR_LABEL, KEPT_CLEAR_PATH, KEPT_NOTICE_TEXT } from '../../../contracts/kept-answers.js';
import type { FlashMessage } from '../../../contracts/flash.js';
import { t } from '../../../contracts/i18n/page-text.js';

const TITLE_ID = 'kept-notice-title';

/**
 * Shown to a visitor while this browser keeps answers typed without scripts (issue 35 finding 3): on a shared
 * computer they may be someone else's, so a plain form (no scripts needed) clears them. `back` is this page.
 */
export function KeptAnswersNotice({ back }: { back: string }) {
  return (
    <section className="alert kept-notice" aria-labelledby={TITLE_ID} data-kept-notice="">
      <h2 id={TITLE_ID} className="alert__title">
        {t('Answers kept on this computer')}
      </h2>
      <p className="kept-notice__text">{t(KEPT_NOTICE_TEXT)}</p>
      <form method="post" action={KEPT_CLEAR_PATH} className="kept-notice__form">
        <input type="hidden" name={KEPT_CLEAR_BACK} value={back} />
        <button type="submit" className="button button--secondary kept-notice__button">
          {t(KEPT_CLEAR_LABEL)}
        </button>
      </form>
    </section>
  );
}

/** The message a plain form post left for a form page (the answers were cleared), where the banners are. */
export function FormFlash({ flash }: { flash: FlashMessage }) {
  return (
    <div className={`alert alert--${flash.kind} form-flash`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      <p className="alert__title">{t(flash.title ?? (flash.kind === 'error' ? 'Error' : 'Success'))}</p>
      <p>{t(flash.message)}</p>
    </div>
  );
}
