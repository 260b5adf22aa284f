import type { StaffListRowData } from '../../../contracts/staff-list-data.js';

/** The list's rows: who, where from, what they want to study, and how far the office has got with them. */
export function ApplicationsTable({ rows }: { rows: StaffListRowData[] }) {
  return (
    <table className="applications">
      <caption>Applications, submitted first, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Reference</th>
          <th scope="col">Applicant</th>
          <th scope="col">E-mail</th>
          <th scope="col">Status</th>
          <th scope="col">Entry term</th>
          <th scope="col">High school, state</th>
          <th scope="col">Intended major</th>
          <th scope="col">Residency</th>
          <th scope="col">Stage</th>
          <th scope="col">Submitted</th>
          <th scope="col">Round</th>
          <th scope="col">Transcript</th>
          <th scope="col">Decision</th>
          <th scope="col">Reply</th>
          <th scope="col">Open</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{row.reference}</td>
            <td>{row.name}</td>
            <td className="email">{row.email}</td>
            <td>{row.status}</td>
            <td>{row.entryTerm}</td>
            <td>
              {[row.school, row.state].filter(Boolean).join(', ')}
              {row.ceeb ? (
                <>
                  <br />
                  <span className="muted">{`CEEB ${row.ceeb}`}</span>
                </>
              ) : null}
            </td>
            <td>{row.major}</td>
            <td>{row.residency}</td>
            <td>{row.stage}</td>
            <td>{row.submitted}</td>
            <td>{row.round}</td>
            <td>{row.transcript}</td>
            <td>{row.decision}</td>
            <td>
              {row.replyHref ? (
                <a href={row.replyHref}>
                  {row.reply}
                  <span className="skip">{` (reply and deposit of ${row.name})`}</span>
                </a>
              ) : (
                row.reply
              )}
            </td>
            <td>
              <a href={row.viewHref}>
                View<span className="skip">{` the application of ${row.name}`}</span>
              </a>
              {row.checklistHref ? (
                <>
                  {' · '}
                  <a href={row.checklistHref}>
                    Checklist<span className="skip">{` and decision of ${row.name}`}</span>
                  </a>
                </>
              ) : null}
              {' · '}
              <a href={row.pdfHref}>
                PDF<span className="skip">{` of the application of ${row.name}`}</span>
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
