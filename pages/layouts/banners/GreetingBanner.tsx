import type { BannerState } from '../../../contracts/page-data.js';
import { POST_FIELDS } from '../../../contracts/form-post.js';
import { t } from '../../../contracts/i18n/page-text.js';

const TITLE_ID = 'greeting-banner-title';

/** First login (§1): what sets this application apart. */
export const FIRST_LOGIN_ADVANTAGES = [
  'No essay requirement',
  'No application fee',
  'Automatic scholarship consideration',
  'An admission decision within two weeks',
] as const;

/** After submission (§1): what happens next. */
export const NEXT_STEPS = [
  'We review your application and send you our admission decision by e-mail within two weeks.',
  'You are considered for scholarships automatically; there is nothing else to fill in.',
  'Watch your e-mail, including the spam folder, for messages from the Office of Admissions.',
] as const;

/**
 * §1 greeting banner, server-rendered (no JavaScript). Which variant shows, and whether it shows at all
 * (§4 hiding rules), is decided by bannerFor() in server/application/page-data.server.ts. A named region,
 * so its content belongs to a landmark.
 */
export function GreetingBanner({ banner, carryForm }: { banner: BannerState; carryForm?: string | undefined }) {
  const name = banner.name;
  switch (banner.variant) {
    case 'visitor':
      return (
        <section className="alert greeting greeting--visitor" aria-labelledby={TITLE_ID} data-banner="visitor">
          <h2 id={TITLE_ID} className="alert__title">
            {t('First time here?')}
          </h2>
          <p className="greeting__text">
            {t('Look around and start answering right away. To save your answers and submit your application,')}{' '}
            <span className={carryForm ? 'with-scripts' : undefined}>
              <a href="/signup">{t('create an account')}</a> {t('or')} <a href="/login">{t('log in')}</a>
            </span>
            {carryForm ? (
              // Without scripts a link cannot take what was typed along (the island keeps it in the tab): these post
              // the page's form, whose answers the server keeps for the new account (DESIGN §6).
              <noscript>
                <button type="submit" form={carryForm} name={POST_FIELDS.go} value="/signup" className="link-button">
                  {t('create an account')}
                </button>{' '}
                {t('or')}{' '}
                <button type="submit" form={carryForm} name={POST_FIELDS.go} value="/login" className="link-button">
                  {t('log in')}
                </button>
              </noscript>
            ) : null}
            {t('; what you have typed comes with you.')}
          </p>
        </section>
      );
    case 'first-login':
      return (
        <section className="alert greeting greeting--first-login" aria-labelledby={TITLE_ID} data-banner="first-login">
          <h2 id={TITLE_ID} className="alert__title">
            {name ? t('Welcome, {{name}}!', { name }) : t('Welcome!')}
          </h2>
          <p className="greeting__text">{t('Thank you for choosing us. Applying is simple:')}</p>
          <ul className="greeting__list">
            {FIRST_LOGIN_ADVANTAGES.map((item) => (
              <li key={item}>{t(item)}</li>
            ))}
          </ul>
        </section>
      );
    case 'returning':
      return (
        <section className="alert greeting greeting--returning" aria-labelledby={TITLE_ID} data-banner="returning">
          <h2 id={TITLE_ID} className="alert__title">
            {name ? t('Welcome back, {{name}}!', { name }) : t('Welcome back!')}
          </h2>
          <p className="greeting__text">
            {t('Your application is our priority. Pick up where you left off; your saved answers are waiting.')}
          </p>
        </section>
      );
    case 'submitted':
      return (
        <section className="alert alert--success greeting greeting--submitted" aria-labelledby={TITLE_ID} data-banner="submitted">
          <h2 id={TITLE_ID} className="alert__title">
            {name ? t('Congratulations, {{name}}!', { name }) : t('Congratulations!')}
          </h2>
          <p className="greeting__text">{t('Your application is complete. Here is what happens next:')}</p>
          <ol className="greeting__list">
            {NEXT_STEPS.map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </ol>
        </section>
      );
  }
}
