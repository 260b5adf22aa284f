import type { ReactNode } from 'react';
import { OfficeLayout } from '../OfficeLayout.js';
import { FAMILY_SIGN_OUT_PATH } from '../../../contracts/family.js';

/**
 * The family's pages (issue 39): the office layout with the office's name, and once signed in the address and a
 * plain sign-out form in the header. No script.
 */
export function FamilyLayout({ title, signedInAs, children }: { title: string; signedInAs?: string; children: ReactNode }) {
  return (
    <OfficeLayout
      brand={
        <>
          <strong>Office of Admissions</strong> Family access
        </>
      }
      title={title}
      mainClass="family"
      nav={
        signedInAs ? (
          <form method="post" action={FAMILY_SIGN_OUT_PATH} className="family__who">
            <span className="who">{`Signed in as ${signedInAs}`}</span> <button type="submit">Sign out</button>
          </form>
        ) : undefined
      }
    >
      {children}
    </OfficeLayout>
  );
}
