import { useData } from '../../../page-context.js';
import type { CrossSiteData } from '../../../../contracts/staff-desk-pages-data.js';
import { StaffLayout } from '../StaffLayout.js';

export function Page() {
  const page = useData<CrossSiteData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <p>You followed a link from another site to a page of the staff desk. Nothing was opened or recorded.</p>
      <p>
        <a className="button" href={page.url}>
          Open the page
        </a>{' '}
        <a href="/staff">Back to the applications</a>
      </p>
    </StaffLayout>
  );
}
