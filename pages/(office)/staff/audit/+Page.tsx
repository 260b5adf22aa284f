import { useData } from '../../../page-context.js';
import type { AuditTrailPageData } from '../../../../contracts/office-page-data.js';
import { StaffLayout } from '../StaffLayout.js';

export function Page() {
  const page = useData<AuditTrailPageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <table>
        <caption>Every staff sign-in, view, download and export, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Application</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row) => (
            <tr key={row.id}>
              <td>{row.at}</td>
              <td>{row.who}</td>
              <td>{row.what}</td>
              <td>{row.application}</td>
              <td>{row.from}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {page.olderHref ? (
        <p>
          <a href={page.olderHref}>Older entries</a>
        </p>
      ) : null}
    </StaffLayout>
  );
}
