import type { ReactNode } from 'react';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * The one layout of the office pages, the staff desk's and the counselor's: a skip link, the office's header
 * (with the desk's navigation when a staff member is signed in), and the page's main region under its title.
 */
export function OfficeLayout({
  brand,
  title,
  nav,
  children,
  mainClass,
}: {
  brand: ReactNode;
  title: string;
  nav?: ReactNode;
  children: ReactNode;
  mainClass?: string;
}) {
  return (
    <>
      <a className="skip" href="#main">
        {t('Skip to main content')}
      </a>
      <header>
        <span>{brand}</span>
        {nav}
      </header>
      <main id="main" className={mainClass}>
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}
