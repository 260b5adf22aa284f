import { useData } from '../page-context.js';
import { FormShell } from '../layouts/FormShell.js';
import type { Data } from './+data.js';
import { YourData } from './YourData.js';
import { YOUR_DATA_ROUTE } from '../../contracts/routes.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * "Your data" (/your-data, issue 38): what the applicant can do with their own data, reached from the account menu
 * and the footer of every page rather than only from the end of the review. Server-rendered, no island of its
 * own; logged-in students only (pages/+guard.ts, as /review).
 */
export function Page() {
  const data = useData<Data>();
  if (!data) return null;
  return (
    <FormShell current={YOUR_DATA_ROUTE}>
      <h1>{t('Your data')}</h1>
      <p>
        {t(
          'You can download everything you have given us at any time. Until you submit, you can also delete your application and your account.',
        )}
      </p>
      <YourData submitted={data.submitted} />
      <p className="your-data__back">
        <a href={data.submitted ? '/completion' : '/about'}>{t('Back to your application')}</a>
      </p>
    </FormShell>
  );
}
