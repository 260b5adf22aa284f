import { useData } from '../../../page-context.js';
import type { ReleasesPageData } from '../../../../contracts/reading-page-data.js';
import { StaffLayout } from '../StaffLayout.js';
import { DoneMessage, ErrorMessage } from '../reading-parts.js';
import { Batches, ConfirmStep } from './Batches.js';

/** Leads: choose decided applications, preview the release, then release now or schedule it; the scheduled batches. */
export function Page() {
  const page = useData<ReleasesPageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <DoneMessage done={page.done} />
      <ErrorMessage error={page.error} />
      {page.confirm ? <ConfirmStep page={page} /> : null}
      {page.preview ? <PreviewStep preview={page.preview} timeZone={page.timeZone} /> : null}
      <h2 id="choose">Decisions not released yet</h2>
      <form method="get" action="/staff/releases" className="filters">
        <div>
          <label htmlFor="decision">Decision</label>
          <select id="decision" name="decision" defaultValue={page.decision}>
            <option value="">All</option>
            {page.decisions.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Show</button>
      </form>
      {page.applications.length === 0 ? (
        <p>Every recorded decision is released.</p>
      ) : (
        <form method="post" action="/staff/releases/preview">
          <fieldset>
            <legend>Applications to release ({page.applications.length})</legend>
            <ul className="choices">
              {page.applications.map((a) => (
                <li key={a.id}>
                  <label>
                    <input type="checkbox" name="application" value={a.id} /> {a.reference}: {a.name} ({a.decision}
                    {a.scheduled ? `, ${a.scheduled}` : ''})
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <button type="submit">Preview release</button>
        </form>
      )}
      <Batches page={page} />
    </StaffLayout>
  );
}

function PreviewStep({ preview, timeZone }: { preview: NonNullable<ReleasesPageData['preview']>; timeZone: string }) {
  const hidden = (
    <>
      {preview.ids.map((id) => (
        <input key={id} type="hidden" name="application" value={id} />
      ))}
      <input type="hidden" name="confirmation" value={preview.digest} />
    </>
  );
  return (
    <section className="confirm-box" aria-labelledby="preview-heading">
      <h2 id="preview-heading">{preview.sentence}</h2>
      {preview.count > 0 ? (
        <div className="release-actions">
          <form method="post" action="/staff/releases/release">
            {hidden}
            <p>Each applicant gets one e-mail and reads their letter when they sign in.</p>
            <button type="submit">Release now</button>
          </form>
          <form method="post" action="/staff/releases/schedule">
            {hidden}
            <fieldset>
              <legend>Schedule for (time in {timeZone})</legend>
              <label htmlFor="release-date">Date</label>
              <input id="release-date" name="date" type="date" required />
              <label htmlFor="release-time">Time</label>
              <input id="release-time" name="time" type="time" required />
            </fieldset>
            <button type="submit">Schedule the release</button>
          </form>
        </div>
      ) : null}
      <p>
        <a href="/staff/releases">Start again</a>
      </p>
    </section>
  );
}
