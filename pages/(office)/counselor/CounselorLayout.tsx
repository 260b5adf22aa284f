import type { ReactNode } from 'react';
import { OfficeLayout } from '../OfficeLayout.js';

/** The counselor's pages: the office layout with the office's own name, and how to reach the office under "Questions?". */
export function CounselorLayout({
  title,
  officePhone,
  officeEmail,
  children,
}: {
  title: string;
  officePhone: string;
  officeEmail: string;
  children: ReactNode;
}) {
  return (
    <OfficeLayout
      brand={
        <>
          <strong>Office of Admissions</strong> Freshman Application
        </>
      }
      title={title}
      mainClass="counselor"
    >
      {children}
      <h2>Questions?</h2>
      <p>
        Call the Office of Admissions at <a href={`tel:${officePhone.replace(/[^0-9+]/g, '')}`}>{officePhone}</a> or e-mail{' '}
        <a href={`mailto:${officeEmail}`}>{officeEmail}</a>.
      </p>
    </OfficeLayout>
  );
}
