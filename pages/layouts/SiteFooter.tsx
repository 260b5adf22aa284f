import { Island } from '../../islands/Island.js';
import { HelpModal } from '../../islands/HelpModal.island.js';
import { PrivacyModal } from '../../islands/PrivacyModal.island.js';
import type { ShellConfig } from './public-config.js';
import { YOUR_DATA_ROUTE } from '../../contracts/routes.js';
import { t } from '../../contracts/i18n/page-text.js';

/** The footer of every page: the office's contacts, Help and Privacy, and for a logged-in applicant "Your data" (issue 38). */
export function SiteFooter({ contacts, loggedIn = false }: { contacts: ShellConfig['contacts']; loggedIn?: boolean }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t('Office of Admissions')}
          </h2>
          <p>
            {t('Phone:')} <a href={`tel:${contacts.officePhone.replace(/[^0-9+]/g, '')}`}>{contacts.officePhone}</a>
            <br />
            {t('E-mail:')} <a href={`mailto:${contacts.officeEmail}`}>{contacts.officeEmail}</a>
          </p>
        </section>
        <ul className="site-footer__links">
          <li>
            <Island name="HelpModal" component={HelpModal} props={contacts} hydrate="interaction" />
          </li>
          <li>
            <Island name="PrivacyModal" component={PrivacyModal} props={{ officeEmail: contacts.officeEmail }} hydrate="interaction" />
          </li>
          {loggedIn ? (
            <li>
              <a href={YOUR_DATA_ROUTE}>{t('Your data')}</a>
            </li>
          ) : null}
        </ul>
      </div>
    </footer>
  );
}
