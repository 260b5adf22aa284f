import { useData } from '../../../page-context.js';
import type { AssignPageData } from '../../../../contracts/reading-page-data.js';
import { StaffLayout } from '../StaffLayout.js';
import { DoneMessage, ErrorMessage } from '../reading-parts.js';

/** Leads: choose applications of a stage, then readers and a round; by hand to one, or spread evenly. */
export function Page() {
  const page = useData<AssignPageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <DoneMessage done={page.done} />
      <ErrorMessage error={page.error} />
      <form method="get" action="/staff/reading" className="filters">
        <div>
          <label htmlFor="stage">Stage</label>
          <select id="stage" name="stage" defaultValue={page.stage}>
            {page.stages.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Show</button>
      </form>
      {page.applications.length === 0 ? (
        <p>No application is at this stage.</p>
      ) : (
        <form method="post" action="/staff/reading/assign">
          <input type="hidden" name="stage" value={page.stage} />
          <fieldset>
            <legend>Applications ({page.applications.length})</legend>
            <ul className="choices">
              {page.applications.map((a) => (
                <li key={a.id}>
                  <label>
                    <input type="checkbox" name="application" value={a.id} /> {a.reference}: {a.name}
                    {a.readers && a.readers.length > 0 ? <span className="muted">, read by {a.readers.join(', ')}</span> : null}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <fieldset>
            <legend>Readers</legend>
            {page.readers.length > 0 ? (
              <ul className="choices">
                {page.readers.map((r) => (
                  <li key={r}>
                    <label>
                      <input type="checkbox" name="reader" value={r} /> {r}
                    </label>
                  </li>
                ))}
              </ul>
            ) : null}
            <label htmlFor="other_readers">
              {page.readers.length > 0 ? 'Other readers' : 'Readers'} (e-mail addresses, separated by commas)
            </label>
            <input id="other_readers" name="other_readers" type="text" autoComplete="off" className="wide" />
          </fieldset>
          <fieldset>
            <legend>Round</legend>
            <label className="option">
              <input type="radio" name="round" value="first" defaultChecked /> First read
            </label>{' '}
            <label className="option">
              <input type="radio" name="round" value="second" /> Second read
            </label>
          </fieldset>
          <div className="actions">
            <button type="submit" name="action" value="hand">
              Assign to this reader
            </button>
            <button type="submit" name="action" value="even">
              Spread evenly among the chosen readers
            </button>
            {page.stage !== 'committee' ? (
              <button type="submit" name="action" value="committee" className="secondary">
                Send to the committee without more reads
              </button>
            ) : null}
          </div>
        </form>
      )}
    </StaffLayout>
  );
}
