import type { ReleasesPageData } from '../../../../contracts/reading-page-data.js';

/** The release batches, newest first: a scheduled one can lose an application or be cancelled (each confirmed first). */
export function Batches({ page }: { page: ReleasesPageData }) {
  return (
    <>
      <h2 id="batches">Scheduled and past releases</h2>
      {page.batches.length === 0 ? <p>No release was ever scheduled.</p> : null}
      {page.batches.map((b) => (
        <section key={b.id} className="batch" aria-labelledby={`batch-${b.id}`}>
          <h3 id={`batch-${b.id}`}>
            Release {b.id}: {b.status}, {b.scheduledFor}
          </h3>
          <p className="muted">Scheduled by {b.createdBy}.</p>
          <ul className="batch-items">
            {b.items.map((item) => (
              <li key={item.id}>
                {item.reference}: {item.name}
                {item.removed ? ' (taken out)' : null}
                {b.status === 'Scheduled' && !item.removed ? (
                  <form method="post" action={`/staff/releases/batches/${b.id}/remove`} className="inline">
                    <input type="hidden" name="application" value={item.id} />
                    <button type="submit" className="secondary">
                      Remove from this release<span className="visually-hidden">: {item.reference}</span>
                    </button>
                  </form>
                ) : null}
              </li>
            ))}
          </ul>
          {b.status === 'Scheduled' ? (
            <form method="post" action={`/staff/releases/batches/${b.id}/cancel`}>
              <button type="submit" className="secondary">
                Cancel this release
              </button>
            </form>
          ) : null}
        </section>
      ))}
    </>
  );
}

/** "Are you sure?": the remove or cancel a lead asked for, to confirm or leave. */
export function ConfirmStep({ page }: { page: ReleasesPageData }) {
  const confirm = page.confirm!;
  const batch = page.batches.find((b) => b.id === confirm.batchId);
  const item = confirm.userId ? batch?.items.find((i) => i.id === confirm.userId) : null;
  const question = confirm.userId
    ? `Take ${item ? `${item.reference} (${item.name})` : 'this application'} out of release ${confirm.batchId}?`
    : `Cancel release ${confirm.batchId}${batch ? `, scheduled for ${batch.scheduledFor}` : ''}?`;
  const consequence = confirm.userId
    ? 'Its decision will not be released when the others are; you can release it later.'
    : 'None of its decisions will be released.';
  return (
    <section className="confirm-box" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">{question}</h2>
      <p>{consequence}</p>
      <form method="post" action={`/staff/releases/batches/${confirm.batchId}/${confirm.userId ? 'remove' : 'cancel'}`}>
        {confirm.userId ? <input type="hidden" name="application" value={confirm.userId} /> : null}
        <input type="hidden" name="confirm" value="yes" />
        <div className="actions">
          <button type="submit">{confirm.userId ? 'Yes, remove it from the release' : 'Yes, cancel the release'}</button>
          <a href="/staff/releases">No, keep it</a>
        </div>
      </form>
    </section>
  );
}
