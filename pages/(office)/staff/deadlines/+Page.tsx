import { useData } from '../../../page-context.js';
import type { DeadlinesPageData } from '../../../../contracts/office-page-data.js';
import { StaffLayout } from '../StaffLayout.js';

/** A lead extends a round's deadline, for everyone (an outage) or for named applicants; a plain form, no scripts. */
export function Page() {
  const page = useData<DeadlinesPageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      {page.notice ? <p role="status">{page.notice}</p> : null}
      {page.rounds.length === 0 ? (
        <p>No deadlines are set (DEADLINES): applications can be submitted at any time.</p>
      ) : (
        <>
          <table>
            <caption>The rounds of the open admission cycle</caption>
            <thead>
              <tr>
                <th scope="col">Round</th>
                <th scope="col">Deadline</th>
                <th scope="col">Extended for everyone until</th>
              </tr>
            </thead>
            <tbody>
              {page.rounds.map((r) => (
                <tr key={r.name}>
                  <td>{r.label}</td>
                  <td>{r.deadline}</td>
                  <td>{r.forEveryone ?? 'Not extended'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Extend a deadline</h2>
          <form method="post" action="/staff/deadlines/extend">
            <p>
              <label htmlFor="round">Round</label>
              <select id="round" name="round">
                {page.rounds.map((r) => (
                  <option key={r.name} value={r.name}>
                    {r.label}
                  </option>
                ))}
              </select>
            </p>
            <p>
              <label htmlFor="until">{`Until (date and time, ${page.zone})`}</label>
              <input id="until" name="until" type="datetime-local" required />
            </p>
            <p>
              <label htmlFor="applicants">
                For these applicants only: e-mail addresses or references, one a line (empty: for everyone)
              </label>
              <textarea id="applicants" name="applicants" rows={4} />
            </p>
            <button type="submit">Extend the deadline</button>
          </form>
        </>
      )}
      {page.extensions.length > 0 ? (
        <table>
          <caption>Extensions made, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Round</th>
              <th scope="col">For</th>
              <th scope="col">Until</th>
              <th scope="col">By</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {page.extensions.map((e) => (
              <tr key={e.id}>
                <td>{e.round}</td>
                <td>{e.who}</td>
                <td>{e.until}</td>
                <td>{e.by}</td>
                <td>{e.at}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </StaffLayout>
  );
}
