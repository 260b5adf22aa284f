import { DECISION_FILTERS, STAFF_STATUSES, TRANSCRIPT_FILTERS, type StaffFilter, type StaffListRow, type StaffStatus } from '../../db/repos/staff-applications.server.js';
import { DECISION_FILTER_LABELS, RELEASE_BATCH_PATH, TRANSCRIPT_FILTER_LABELS, decisionCell, staffApplicationPath, transcriptCell } from '../after-submission/staff-labels.js';
import type { Option } from '../../form/types.js';
import { StaffLayout, deskTime } from './html.server.js';
import type { StaffUser } from './staff-session.server.js';

export const STATUS_LABELS: Record<StaffStatus, string> = {
  submitted: 'Submitted',
  validating: 'Checking answers',
  started: 'Started',
  none: 'Not started',
};

export function filterQuery(filter: StaffFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (filter.term) params.set('term', filter.term);
  if (filter.transcript) params.set('transcript', filter.transcript);
  if (filter.decision) params.set('decision', filter.decision);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function nameOf(row: StaffListRow): string {
  const name = `${row.last_name ?? ''}${row.last_name && row.first_name ? ', ' : ''}${row.first_name ?? ''}`.trim();
  return name || '(no name yet)';
}


export function ListView(props: {
  staff: StaffUser;
  filter: StaffFilter;
  rows: StaffListRow[];
  counts: Record<StaffStatus, number>;
  next: string | null;
  terms: readonly Option[];
  /** The university's zone (TIME_ZONE) the times are shown in. */
  timeZone: string;
  /** The outcome of a batch release, said once. */
  notice?: string | null;
}) {
  const { filter, rows, counts, terms } = props;
  const termLabel = (value: string | null) => terms.find((t) => t.value === value)?.label ?? value ?? '';
  return (
    <StaffLayout title="Applications" staff={props.staff}>
      <h2>Counts by status</h2>
      <ul className="counts">
        {STAFF_STATUSES.map((s) => (
          <li key={s}>
            {STATUS_LABELS[s]}: <strong>{counts[s]}</strong>
          </li>
        ))}
      </ul>
      <form method="get" action="/staff" className="filters" role="search" aria-label="Find applications">
        <div>
          <label htmlFor="q">Name (or "Last, First"), e-mail, reference, high school or CEEB</label>
          <input id="q" name="q" type="search" defaultValue={filter.q} maxLength={200} />
        </div>
        <div>
          <label htmlFor="status">Web status</label>
          <select id="status" name="status" defaultValue={filter.status ?? ''}>
            <option value="">Any</option>
            {STAFF_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="term">Entry term</label>
          <select id="term" name="term" defaultValue={filter.term ?? ''}>
            <option value="">Any</option>
            {terms.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="transcript">Transcript</label>
          <select id="transcript" name="transcript" defaultValue={filter.transcript ?? ''}>
            <option value="">Any</option>
            {TRANSCRIPT_FILTERS.map((t) => (
              <option key={t} value={t}>
                {TRANSCRIPT_FILTER_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="decision">Decision</label>
          <select id="decision" name="decision" defaultValue={filter.decision ?? ''}>
            <option value="">Any</option>
            {DECISION_FILTERS.map((d) => (
              <option key={d} value={d}>
                {DECISION_FILTER_LABELS[d]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Apply filters</button>
      </form>
      <div className="actions">
        {/* A POST: an export is recorded in the audit trail, which no link from another site may do in a staff member's name. */}
        <form method="post" action={`/staff/export.csv${filterQuery(filter)}`}>
          <button type="submit">Download CSV of these applications</button>
        </form>
        <form method="post" action={`/staff/exports${filterQuery(filter)}`}>
          <button type="submit">Prepare a ZIP of these applications' PDFs</button>
        </form>
        {/* A batch release: every recorded, unreleased decision among these applications (each one audited and e-mailed). */}
        <form method="post" action={`${RELEASE_BATCH_PATH}${filterQuery(filter)}`}>
          <button type="submit">Release the recorded decisions of these applications</button>
        </form>
      </div>
      {props.notice ? <p role="status">{props.notice}</p> : null}
      <table>
        <caption>Applications, submitted first, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Applicant</th>
            <th scope="col">E-mail</th>
            <th scope="col">Status</th>
            <th scope="col">Entry term</th>
            <th scope="col">High-school CEEB</th>
            <th scope="col">Submitted</th>
            <th scope="col">Transcript</th>
            <th scope="col">Decision</th>
            <th scope="col">Open</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.user_id}>
              <td>{row.reference ?? ''}</td>
              <td>{nameOf(row)}</td>
              <td>{row.username}</td>
              <td>{STATUS_LABELS[row.status]}</td>
              <td>{termLabel(row.entry_term)}</td>
              <td>{row.hs_ceeb ?? ''}</td>
              <td>{deskTime(row.submitted_at, props.timeZone)}</td>
              <td>{transcriptCell(row)}</td>
              <td>{decisionCell(row)}</td>
              <td>
                <a href={`/staff/applications/${row.user_id}${filterQuery(filter)}`}>
                  View<span className="skip"> the application of {nameOf(row)}</span>
                </a>
                {row.submitted_at ? (
                  <>
                    {' · '}
                    <a href={staffApplicationPath(row.user_id)}>
                      Checklist<span className="skip"> and decision of {nameOf(row)}</span>
                    </a>
                  </>
                ) : null}
                {' · '}
                <a href={`/staff/applications/${row.user_id}/pdf`}>
                  PDF<span className="skip"> of the application of {nameOf(row)}</span>
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p>No application matches these filters.</p> : null}
      {props.next ? (
        <p>
          <a href={`/staff${filterQuery(filter, { after: props.next })}`}>Next page</a>
        </p>
      ) : null}
    </StaffLayout>
  );
}
