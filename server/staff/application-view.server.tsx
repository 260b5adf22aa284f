import type { Answers } from '../../form/types.js';
import { applicantName } from '../../form/applicant-name.js';
import { fieldByKey } from '../../form/fields.js';
import { fileQuestionKeys } from '../../form/document-keys.js';
import { formatFileSize } from '../../form/documents.js';
import type { DocumentAnswer } from '../../contracts/api.js';
import { ReadOnlyForm } from '../../views/form/ReadOnlyForm.js';
import type { StaffFilter } from '../../db/repos/staff-applications.server.js';
import { StaffLayout, deskTime } from './html.server.js';
import { staffApplicationPath } from '../after-submission/staff-labels.js';
import { COUNSELOR_TRANSCRIPT_KEY } from '../../domain/after-submission/checklist.server.js';
import type { AuditRow } from '../../db/repos/staff.server.js';
import { STATUS_LABELS, filterQuery } from './list-view.server.js';
import type { StaffUser } from './staff-session.server.js';

export interface StaffApplicationView {
  id: string;
  username: string;
  reference: string | null;
  status: keyof typeof STATUS_LABELS;
  submittedAt: Date | null;
  answers: Answers;
  addAnother: Record<string, number>;
  tabs: Record<string, string>;
  documents: Record<string, DocumentAnswer>;
}

const DOCUMENT_STATE: Record<string, string> = {
  COMPLETED: 'Ready to open',
  UNPROCESSED: 'Being converted',
  IN_PROGRESS: 'Being converted',
  FAILED: 'Could not be converted: the original file opens instead',
  NOT_ANSWERED: 'Not uploaded',
};

function documentLabel(key: string): string {
  if (key === COUNSELOR_TRANSCRIPT_KEY) return 'Transcript from the counselor';
  const label = fieldByKey(key)?.question.label;
  return typeof label === 'string' && label ? label : key;
}

/**
 * GET /staff/applications/:id in the staff session (issue 23 finding 3): every answer of the three form
 * pages in the read-only layout the form definition drives (the same renderer as the PDF), the documents
 * (each opened through the staff session), and the way back to the list with its filters. The heading
 * names the applicant, never by their e-mail.
 */
export function ApplicationView({ staff, view, back, timeZone, history }: { staff: StaffUser; view: StaffApplicationView; back: StaffFilter; timeZone: string; history: readonly AuditRow[] }) {
  const name = applicantName(view.answers, '');
  // The counselor's transcript is no form question, but it is this application's document too (issue 37).
  const documents = [...fileQuestionKeys(), COUNSELOR_TRANSCRIPT_KEY].filter((key) => view.documents[key]);
  // Converted documents count as answered (§3), as in the form and the PDF.
  const answers = { ...view.answers, ...Object.fromEntries(documents.filter((k) => view.documents[k]!.status === 'COMPLETED').map((k) => [k, 'ANSWERED'])) };
  return (
    <StaffLayout title={name || 'Applicant without a name yet'} staff={staff}>
      <p>
        <a href={`/staff${filterQuery(back)}`}>Back to the applications</a>
      </p>
      <dl className="summary">
        <dt>Reference</dt>
        <dd>{view.reference ?? 'Not submitted yet'}</dd>
        <dt>Status</dt>
        <dd>{STATUS_LABELS[view.status]}</dd>
        <dt>Submitted</dt>
        <dd>{view.submittedAt ? deskTime(view.submittedAt, timeZone) : 'Not submitted'}</dd>
        <dt>Account e-mail</dt>
        <dd>{view.username}</dd>
      </dl>
      <p>
        <a href={`/staff/applications/${view.id}/pdf`}>Download the application PDF</a>
        {view.submittedAt ? (
          <>
            {' · '}
            <a href={staffApplicationPath(view.id)}>Transcript checklist and decision</a>
          </>
        ) : null}
      </p>
      <h2 id="documents">Documents</h2>
      {documents.length === 0 ? (
        <p>No document was uploaded.</p>
      ) : (
        <ul className="documents" aria-labelledby="documents">
          {documents.map((key) => {
            const doc = view.documents[key]!;
            return (
              <li key={key}>
                <a href={`/staff/applications/${view.id}/documents/${encodeURIComponent(key)}`}>
                  {documentLabel(key)}: {doc.file_name}
                </a>{' '}
                <span className="muted">
                  ({formatFileSize(doc.file_size)}, {DOCUMENT_STATE[doc.status] ?? doc.status})
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {/* The form's page titles are this part's headings (h2, as in the PDF, whose markup this is): an "Answers" h2
          above them would head nothing of its own. A labelled region lets assistive technology jump to it. */}
      <section className="readonly-application" aria-label="Answers">
        <ReadOnlyForm answers={answers} counts={view.addAnother} tabs={view.tabs} />
      </section>
      <h2 id="history">History of this application</h2>
      <p className="muted">Every staff and integration action on it, newest first (the last 50; the whole trail is at <a href="/staff/audit">/staff/audit</a>).</p>
      <table aria-labelledby="history">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
          </tr>
        </thead>
        <tbody>
          {history.map((row) => (
            <tr key={row.id}>
              <td>{deskTime(row.at, timeZone, 'seconds')}</td>
              <td>{row.staff_email}</td>
              <td>{row.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </StaffLayout>
  );
}

