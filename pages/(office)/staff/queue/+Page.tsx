import { useData } from '../../../page-context.js';
import type { QueuePageData } from '../../../../contracts/reading-page-data.js';
import { StaffLayout } from '../StaffLayout.js';
import { DoneMessage } from '../reading-parts.js';

export function Page() {
  const page = useData<QueuePageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <DoneMessage done={page.done} />
      {page.rows.length === 0 ? (
        <p>Nothing is waiting for your review.</p>
      ) : (
        <table>
          <caption>Applications assigned to you and not yet reviewed, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Application</th>
              <th scope="col">Round</th>
              <th scope="col">Assigned</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={`${row.id}-${row.round}`}>
                <td>
                  <a href={`/staff/queue/${row.id}`}>Read {row.reference}</a>
                </td>
                <td>{row.round}</td>
                <td>{row.assignedAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </StaffLayout>
  );
}
