import type { ReactNode } from 'react';
import { OfficeLayout } from '../OfficeLayout.js';
import { FAMILY_SIGN_OUT_PATH } from '../../../contracts/family.js';
import { t } from '../../../contracts/i18n/page-text.js';
import { LanguageSwitch } from '../../layouts/LanguageSwitch.js';

/**
 * The family's pages (issue 39): the office layout with the office's name, and once signed in the address and a
 * plain sign-out form in the header. No script.
 */
export function FamilyLayout({ title, signedInAs, children }: { title: string; signedInAs?: string; children: ReactNode }) {
  return (
    <OfficeLayout
      brand={
        <>
          <strong>{t('Office of Admissions')}</strong> {t('Family access')}
        </>
      }
      title={title}
      mainClass="family"
      nav={
        <span className="family__nav">
          <LanguageSwitch />
          {signedInAs ? (
            <form method="post" action={FAMILY_SIGN_OUT_PATH} className="family__who">
              <span className="who">{t('Signed in as {{email}}', { email: signedInAs })}</span>{' '}
              <button type="submit">{t('Sign out')}</button>
            </form>
          ) : null}
        </span>
      }
    >
      {children}
    </OfficeLayout>
  );
}
