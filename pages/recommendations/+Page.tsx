import { useData } from '../page-context.js';
import { FormShell } from '../layouts/FormShell.js';
import type { Data } from './+data.js';
import { RecommendationsSection } from '../completion/RecommendationsSection.js';
import { RECOMMENDATIONS_ROUTE } from '../../contracts/routes.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * /recommendations (issue 39): invite teachers before submitting, linked from Final steps. Server-rendered, no island
 * of its own; after submitting, the same section is on /completion.
 */
export function Page() {
  const data = useData<Data>();
  if (!data) return null;
  return (
    <FormShell current={RECOMMENDATIONS_ROUTE}>
      <h1>{t('Teacher recommendations')}</h1>
      <RecommendationsSection view={data.view} heading={t('Your teachers')} />
      <p className="recommendations__back">
        <a href="/final-steps">{t('Back to Final steps')}</a>
      </p>
    </FormShell>
  );
}
