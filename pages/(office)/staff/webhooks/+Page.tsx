import { useData } from '../../../page-context.js';
import type { WebhooksPageData } from '../../../../contracts/staff-desk-pages-data.js';
import { StaffLayout } from '../StaffLayout.js';

export function Page() {
  const page = useData<WebhooksPageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      {page.notice ? <p role="status">{page.notice}</p> : null}
      <p>{page.configured ? 'Submission events go to the configured WEBHOOK_URL.' : 'No WEBHOOK_URL is configured: no events are sent.'}</p>
      <table>
        <caption>Deliveries that failed or are still being attempted</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Application</th>
            <th scope="col">State</th>
            <th scope="col">Attempts</th>
            <th scope="col">Last attempt</th>
            <th scope="col">Last error</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row) => (
            <tr key={row.id}>
              <td>{row.event}</td>
              <td>{row.application}</td>
              <td>{row.state}</td>
              <td>{row.attempts}</td>
              <td>{row.lastAttempt}</td>
              <td>{row.lastError}</td>
              <td>
                {row.retryHref ? (
                  <form method="post" action={row.retryHref}>
                    <button type="submit">{`Retry ${row.event}`}</button>
                  </form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {page.rows.length === 0 ? <p>Every event has been delivered.</p> : null}
    </StaffLayout>
  );
}
