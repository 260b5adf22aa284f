import type { PageId } from '../../form/types.js';
import { pageById } from '../../form/definition.js';
import type { Data as FormPageData } from '../(form)/+data.js';
import { useData, usePageContext } from '../page-context.js';
import { shellConfig } from '../layouts/public-config.js';
import { FormShell } from '../layouts/FormShell.js';
import { FormIsland } from './FormIsland.js';
import { StaffApplication } from '../../views/print/StaffApplication.js';
import { RECOMMENDATIONS_ROUTE } from '../../contracts/routes.js';
import { t } from '../../contracts/i18n/page-text.js';

/** Final steps links to the teacher recommendations (issue 39): teachers may be invited before submitting. */
function RecommendationsLink() {
  // A landmark of its own: without scripts the banners sit outside <main>.
  return (
    <aside className="alert alert--info" aria-label={t('Teacher recommendations')}>
      <p>
        {t('Teacher recommendations: you may ask up to two teachers for a letter, now or after you submit.')}{' '}
        <a href={RECOMMENDATIONS_ROUTE}>{t('Invite your teachers')}</a>
      </p>
    </aside>
  );
}

export function FormRoute({ page }: { page: PageId }) {
  const { path } = pageById(page);
  const data = useData<FormPageData>();
  if (data?.is_service_user) return <StaffApplication data={data} pages={[page]} />;
  const loggedIn = data?.is_logged_in === true;
  const { admissionFallYear } = shellConfig(usePageContext());
  return (
    <FormShell
      current={path}
      banner={page === 'final-steps' && loggedIn ? <RecommendationsLink /> : undefined}
      body={(banners) => (
        <FormIsland
          banners={banners}
          page={page}
          answers={data?.answers ?? {}}
          isLoggedIn={loggedIn}
          admissionFallYear={admissionFallYear}
          {...(data?.form_errors?.length ? { formErrors: data.form_errors } : {})}
          {...(data?.form_notice ? { notice: data.form_notice } : {})}
          {...(data && Object.keys(data.upload_targets ?? {}).length > 0 ? { uploadTargets: data.upload_targets } : {})}
          {...(data?.status_check ? { statusCheck: data.status_check } : {})}
          {...(data?.upload_fitted ? { uploadFitted: data.upload_fitted } : {})}
          {...(data?.school_search ? { schoolSearch: data.school_search } : {})}
          {...(data?.lookup_notices?.length ? { lookupNotices: data.lookup_notices } : {})}
          {...(data?.tab_switch ? { tabSwitch: data.tab_switch } : {})}
          {...(data?.remove_confirm ? { removeConfirm: data.remove_confirm } : {})}
          {...(loggedIn
            ? {
                version: data.etag,
                ...(data.owner ? { owner: data.owner } : {}),
                webStatus: data.web_status,
                validations: data.web_status === 'validating' ? data.validations : [],
                counts: data.add_another,
                tabs: data.tabs,
                documents: data.document_answer,
              }
            : {})}
        />
      )}
    />
  );
}
