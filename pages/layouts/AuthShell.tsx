import type { ReactNode } from 'react';
import { usePageContext } from '../page-context.js';
import { shellConfig } from './public-config.js';
import { SiteFooter } from './SiteFooter.js';
import { t } from '../../contracts/i18n/page-text.js';
import { LanguageSwitch } from './LanguageSwitch.js';

/** The plain shell of the account pages (§2): title, one card, footer. */
export function AuthShell({ children }: { children: ReactNode }) {
  const config = shellConfig(usePageContext());
  return (
    <>
      <a className="skip-link" href="#main">
        {t('Skip to main content')}
      </a>
      <header className="site-header">
        <div className="container site-header__inner">
          <p className="site-title">{t('Freshman Application')}</p>
          <LanguageSwitch />
        </div>
      </header>
      <main id="main" className="container main auth-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter contacts={config.contacts} />
    </>
  );
}
