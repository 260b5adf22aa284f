import { useData } from '../../../page-context.js';
import type { CommitteeEntry, CommitteePageData } from '../../../../contracts/reading-page-data.js';
import { StaffLayout } from '../StaffLayout.js';
import { DoneMessage, ErrorMessage, Reviews } from '../reading-parts.js';

/** Leads: each application's reviews side by side with the averages; the decision and its letter recorded here. */
export function Page() {
  const page = useData<CommitteePageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <DoneMessage done={page.done} />
      {page.draft && !page.entries.some((e) => e.id === page.draft!.id) ? (
        <ErrorMessage error={page.draft.error ?? 'This application is no longer in committee.'} />
      ) : null}
      {page.entries.length === 0 ? <p>No application is waiting for the committee.</p> : null}
      {page.entries.map((entry) => (
        <Entry key={entry.id} entry={entry} page={page} />
      ))}
    </StaffLayout>
  );
}

function Entry({ entry, page }: { entry: CommitteeEntry; page: CommitteePageData }) {
  const draft = page.draft?.id === entry.id ? page.draft : null;
  const headingId = `app-${entry.id}`;
  return (
    <section className="committee-entry" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {entry.reference}: {entry.name}
      </h2>
      <p>
        <a href={`/staff/queue/${entry.id}`}>Read the application</a>
      </p>
      <dl className="summary averages">
        {entry.averages.map((a) => (
          <div key={a.label} className="summary-row">
            <dt>Average {a.label.toLowerCase()}</dt>
            <dd>{a.value}</dd>
          </div>
        ))}
      </dl>
      {entry.reviews.length === 0 ? <p>No review is submitted.</p> : <Reviews reviews={entry.reviews} />}
      <h3>Decision</h3>
      {draft ? <ErrorMessage error={draft.error} /> : null}
      {draft && draft.decision ? (
        <form method="post" action={`/staff/committee/${entry.id}/decision`}>
          <input type="hidden" name="decision" value={draft.decision} />
          <p>
            Decision: <strong>{page.decisions.find((d) => d.value === draft.decision)?.label ?? draft.decision}</strong>
          </p>
          <label htmlFor={`letter-${entry.id}`}>Letter, merged for this applicant (you may edit it for them)</label>
          <textarea id={`letter-${entry.id}`} name="letter" rows={12} defaultValue={draft.letter} />
          <div className="actions">
            <button type="submit">Record decision</button>
            <a href="/staff/committee">Choose another decision</a>
          </div>
        </form>
      ) : (
        <form method="post" action={`/staff/committee/${entry.id}/letter`}>
          <fieldset>
            <legend>Decision for {entry.reference}</legend>
            {page.decisions.map((d) => (
              <label key={d.value} className="option">
                <input type="radio" name="decision" value={d.value} /> {d.label}
              </label>
            ))}
          </fieldset>
          <button type="submit">Preview the letter</button>
        </form>
      )}
    </section>
  );
}
