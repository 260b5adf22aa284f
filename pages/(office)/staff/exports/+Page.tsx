import { useData } from '../../../page-context.js';
import type { ExportsPageData } from '../../../../contracts/staff-desk-pages-data.js';
import { StaffLayout } from '../StaffLayout.js';

export function Page() {
  const page = useData<ExportsPageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <table>
        <caption>PDF bundles, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Requested</th>
            <th scope="col">By</th>
            <th scope="col">Filter</th>
            <th scope="col">State</th>
            <th scope="col">Download</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row) => (
            <tr key={row.id}>
              <td>{row.requested}</td>
              <td>{row.by}</td>
              <td>
                <a href={row.filterHref}>{row.filterText}</a>
              </td>
              <td>{row.state}</td>
              <td>
                <a href={row.href}>{row.linkText}</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {page.rows.length === 0 ? <p>No PDF bundle has been prepared yet.</p> : null}
    </StaffLayout>
  );
}
