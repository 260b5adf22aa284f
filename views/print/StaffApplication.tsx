import type { PageId } from '../../form/types.js';
import type { FormPageData } from '../../contracts/page-data.js';
import { ReadOnlyForm } from '../form/ReadOnlyForm.js';
import { applicantName } from '../../form/applicant-name.js';

function documentMarks(documents: FormPageData['document_answer']): Record<string, string> {
  return Object.fromEntries(
    Object.entries(documents ?? {})
      .filter(([, d]) => d.status === 'COMPLETED')
      .map(([key]) => [key, 'ANSWERED']),
  );
}

/**
 * What staff (service_token) see of an application: static text, no island, navigation, header or footer
 * (§2). The staff view of one form page shows one page; the print document (/print) shows all of them, so
 * the PDF prints exactly what the staff view shows.
 */
export function StaffApplication({ data, pages }: { data: FormPageData; pages: readonly PageId[] }) {
  return (
    <main id="main" className="container main main--readonly" tabIndex={-1}>
      {/* Headed by the applicant's legal name, as the PDF's running header and file name are (issue 26); the account's
          e-mail is a line of its own. */}
      <h1 className="readonly-title">{applicantName(data.answers, data.applicant ?? '') || 'Application'}</h1>
      {data.applicant ? <p className="readonly-reference">{`E-mail: ${data.applicant}`}</p> : null}
      {data.reference ? <p className="readonly-reference">{`Reference: ${data.reference}`}</p> : null}
      {data.submitted_on ? <p className="readonly-reference">{`Submitted: ${data.submitted_on}`}</p> : null}
      {/* Converted documents count as answered (§3). */}
      <ReadOnlyForm
        pages={pages}
        answers={{ ...data.answers, ...documentMarks(data.document_answer) }}
        counts={data.add_another}
        tabs={data.tabs}
      />
    </main>
  );
}
