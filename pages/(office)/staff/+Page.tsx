import { useData } from '../../page-context.js';
import type { StaffListPageData } from '../../../contracts/staff-list-data.js';
import { StaffLayout } from './StaffLayout.js';
import { ListFilters } from './ListFilters.js';
import { SavedViews } from './SavedViews.js';
import { ApplicationsTable } from './ApplicationsTable.js';

export function Page() {
  const page = useData<StaffListPageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      {page.notice ? <p role="status">{page.notice}</p> : null}
      <h2>Counts by status</h2>
      <ul className="counts">
        {page.counts.map((c) => (
          <li key={c.label}>
            {`${c.label}: `}
            <strong>{c.count}</strong>
          </li>
        ))}
      </ul>
      <ListFilters filters={page.filters} />
      <SavedViews views={page.savedViews} query={page.query} />
      <div className="actions">
        {/* A POST: an export is recorded in the audit trail, which no link from another site may do in a staff member's name. */}
        <form method="post" action={`/staff/export.csv${page.query}`}>
          <button type="submit">Download CSV of these applications</button>
        </form>
        <form method="post" action={`/staff/exports${page.query}`}>
          <button type="submit">Prepare a ZIP of these applications' PDFs</button>
        </form>
        {/* A batch release: every recorded, unreleased decision among these applications (each one audited and e-mailed). */}
        <form method="post" action={`${page.releasePath}${page.query}`}>
          <button type="submit">Release the recorded decisions of these applications</button>
        </form>
      </div>
      <p>{page.matching}</p>
      <ApplicationsTable rows={page.rows} />
      {page.rows.length === 0 ? <p>No application matches these filters.</p> : null}
      {page.nextHref ? (
        <p>
          <a href={page.nextHref}>Next page</a>
        </p>
      ) : null}
    </StaffLayout>
  );
}
