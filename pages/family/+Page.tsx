import { useData, usePageContext } from '../page-context.js';
import { FormShell } from '../layouts/FormShell.js';
import { FAMILY_ROUTE } from '../../contracts/routes.js';
import type { Data } from './+data.js';
import { FamilyInviteForm, FamilyMembers } from './FamilyAccess.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * "Family access" (/family, issue 39): whom the applicant lets read their status (the checklist and the released
 * decision, never their answers or documents), when each last signed in, removing anyone at once, and inviting up
 * to three. Plain forms, the same with or without scripts; logged-in students only (pages/+guard.ts, as /review).
 */
export function Page() {
  const data = useData<Data>();
  const flash = usePageContext().locals?.flash ?? null;
  if (!data) return null;
  const { family } = data;
  return (
    <FormShell current={FAMILY_ROUTE}>
      <h1>{t('Family access')}</h1>
      {flash ? (
        <div className={`alert alert--${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
          <p className="alert__title">{t(flash.title ?? (flash.kind === 'error' ? 'Error' : 'Success'))}</p>
          <p>{t(flash.message)}</p>
        </div>
      ) : null}
      <p>
        {t(
          'A parent, guardian or anyone else you choose can follow your application: they see your checklist and, once it is released, your admission decision and letter. They never see your answers or your documents. They sign in with a code we e-mail them, and you can remove them at any time.',
        )}
      </p>
      {family.submitted ? (
        <>
          <FamilyMembers members={family.members} />
          <FamilyInviteForm members={family.members} form={family.form} />
        </>
      ) : (
        <p className="alert alert--info">{t('You can invite family members once you have submitted your application.')}</p>
      )}
      <p className="your-data__back">
        <a href={family.submitted ? '/completion' : '/about'}>{t('Back to your application')}</a>
      </p>
    </FormShell>
  );
}
