import type { ReactNode } from 'react';
import { OfficeLayout } from '../OfficeLayout.js';
import { LanguageSwitch } from '../../layouts/LanguageSwitch.js';
import { t } from '../../../contracts/i18n/page-text.js';

/**
 * The counselor's and the teacher's link pages: the office layout with the office's own name, the switch to the
 * other language (`switchPath`: the link's GET address), and how to reach the office under "Questions?".
 */
export function CounselorLayout({
  title,
  officePhone,
  officeEmail,
  switchPath,
  children,
}: {
  title: string;
  officePhone: string;
  officeEmail: string;
  switchPath: string;
  children: ReactNode;
}) {
  return (
    <OfficeLayout
      brand={
        <>
          <strong>{t('Office of Admissions')}</strong> {t('Freshman Application')}
        </>
      }
      title={t(title)}
      nav={<LanguageSwitch path={switchPath} />}
      mainClass="counselor"
    >
      {children}
      <h2>{t('Questions?')}</h2>
      <p>
        {t('Call the Office of Admissions at')} <a href={`tel:${officePhone.replace(/[^0-9+]/g, '')}`}>{officePhone}</a> {t('or e-mail')}{' '}
        <a href={`mailto:${officeEmail}`}>{officeEmail}</a>.
      </p>
    </OfficeLayout>
  );
}
