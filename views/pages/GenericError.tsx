import { t } from '../../contracts/i18n/page-text.js';

export function GenericError() {
  return (
    <main className="generic-error" id="main">
      <h1>{t('Something went wrong.')}</h1>
      <p>{t('The issue that caused you to see this has been logged. We will get it fixed as soon as possible.')}</p>
      <p>
        <a href="/about">{t('Return to your application')}</a>
      </p>
    </main>
  );
}
