import { useData } from '../../../../page-context.js';
import type { StaffApplicationPageData } from '../../../../../contracts/staff-application-data.js';
import { ReadOnlyForm } from '../../../../../views/form/ReadOnlyForm.js';
import { StaffLayout } from '../../StaffLayout.js';
import { DocumentsList } from './DocumentsList.js';

export function Page() {
  const page = useData<StaffApplicationPageData>()!;
  if (!page.found) {
    return (
      <StaffLayout title={page.title} staffEmail={page.staffEmail}>
        <p>
          <a href="/staff">Back to the applications</a>
        </p>
      </StaffLayout>
    );
  }
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <p>
        <a href={page.backHref}>Back to the applications</a>
      </p>
      <dl className="summary">
        <dt>Reference</dt>
        <dd>{page.reference}</dd>
        {page.round ? (
          <>
            <dt>Submitted under</dt>
            <dd>{page.round}</dd>
          </>
        ) : null}
        <dt>Status</dt>
        <dd>{page.status}</dd>
        <dt>Stage</dt>
        <dd>{page.stage}</dd>
        <dt>Submitted</dt>
        <dd>{page.submitted}</dd>
        <dt>Account e-mail</dt>
        <dd>{page.email}</dd>
      </dl>
      <p>
        <a href={page.pdfHref}>Download the application PDF</a>
        {page.checklistHref ? (
          <>
            {' · '}
            <a href={page.checklistHref}>Transcript checklist and decision</a>
          </>
        ) : null}
      </p>
      <DocumentsList documents={page.documents} />
      {/* The form's page titles are this part's headings (h2, as in the PDF, whose markup this is): an "Answers" h2
          above them would head nothing of its own. A labelled region lets assistive technology jump to it. */}
      <section className="readonly-application" aria-label="Answers">
        <ReadOnlyForm answers={page.answers} counts={page.addAnother} tabs={page.tabs} />
      </section>
      <h2 id="history">History of this application</h2>
      <p className="muted">
        Every staff and integration action on it, newest first (the last 50; the whole trail is at <a href="/staff/audit">/staff/audit</a>).
      </p>
      <table aria-labelledby="history">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
          </tr>
        </thead>
        <tbody>
          {page.history.map((row) => (
            <tr key={row.id}>
              <td>{row.at}</td>
              <td>{row.who}</td>
              <td>{row.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </StaffLayout>
  );
}
