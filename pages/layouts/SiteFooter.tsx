import { Island } from '../../islands/Island.js';
import { HelpModal } from '../../islands/HelpModal.island.js';
import { PrivacyModal } from '../../islands/PrivacyModal.island.js';
import type { ShellConfig } from './public-config.js';

export function SiteFooter({ contacts }: { contacts: ShellConfig['contacts'] }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">Office of Admissions</h2>
          <p>
            Phone: <a href={`tel:${contacts.officePhone.replace(/[^0-9+]/g, '')}`}>{contacts.officePhone}</a>
            <br />
            E-mail: <a href={`mailto:${contacts.officeEmail}`}>{contacts.officeEmail}</a>
          </p>
        </section>
        <ul className="site-footer__links">
          <li>
            <Island name="HelpModal" component={HelpModal} props={contacts} hydrate="interaction" />
          </li>
          <li>
            <Island name="PrivacyModal" component={PrivacyModal} props={{ officeEmail: contacts.officeEmail }} hydrate="interaction" />
          </li>
        </ul>
      </div>
    </footer>
  );
}
