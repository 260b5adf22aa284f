import { useData } from '../../../../page-context.js';
import type { ExportPageData } from '../../../../../contracts/staff-desk-pages-data.js';
import { StaffLayout } from '../../StaffLayout.js';

export function Page() {
  const page = useData<ExportPageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      {page.found ? (
        <>
          <p role="status">{page.progress}</p>
          <p>
            {page.downloadHref ? (
              <a className="button" href={page.downloadHref}>
                Download ZIP
              </a>
            ) : (
              <a href={page.reloadHref}>Reload progress</a>
            )}
          </p>
        </>
      ) : null}
      <p>
        <a href="/staff/exports">All PDF bundles</a>
      </p>
    </StaffLayout>
  );
}
