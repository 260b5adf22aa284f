import { usePageContext } from '../page-context.js';
import { ACCOUNT_DATA_PATH, ACCOUNT_DELETE_PATH, ACCOUNT_MESSAGES, YOUR_DATA_ANCHOR } from '../../contracts/account.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * Download everything as a ZIP, and — while the application is not submitted — delete it with the account,
 * confirmed with the password (issue 27). A plain form post, the same with or without scripts; a refusal comes
 * back here as a flash message. A submitted application is final (§4).
 */
export function YourData({ submitted }: { submitted: boolean }) {
  const flash = usePageContext().locals?.flash ?? null;
  return (
    <div className="your-data" id={YOUR_DATA_ANCHOR}>
      {flash ? (
        <div className={`alert alert--${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
          <p className="alert__title">{flash.title ?? (flash.kind === 'error' ? 'Error' : 'Success')}</p>
          <p>{flash.message}</p>
        </div>
      ) : null}
      <section aria-labelledby="your-data-download">
        <h2 id="your-data-download">{t('Download your data')}</h2>
        <p>{t('A ZIP file with every answer (as JSON) and every document you uploaded.')}</p>
        <p>
          <a className="button button--secondary" href={ACCOUNT_DATA_PATH} download>
            {t('Download your data')}
          </a>
        </p>
      </section>
      <section aria-labelledby="your-data-delete">
        <h2 id="your-data-delete">{t('Delete your application and account')}</h2>
        {submitted ? (
          <p>{t(ACCOUNT_MESSAGES.submitted)}</p>
        ) : (
          <form method="post" action={ACCOUNT_DELETE_PATH} className="your-data__delete">
            <p>{t('This deletes your account, every answer and every document at once. It cannot be undone.')}</p>
            <div className="field">
              <label className="field__label" htmlFor="delete-password">
                {t('Your password, to confirm')}
              </label>
              <input className="input" id="delete-password" name="password" type="password" autoComplete="current-password" required />
            </div>
            <button type="submit" className="button button--danger">
              {t('Delete my application and account')}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
