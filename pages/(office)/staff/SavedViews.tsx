import type { SavedViewData } from '../../../contracts/staff-list-data.js';

/** A staff member's own saved filters: each opens the list as it was saved; the current filters can be saved under a name. */
export function SavedViews({ views, query }: { views: SavedViewData[]; query: string }) {
  return (
    <section className="saved-views" aria-labelledby="saved-views">
      <h2 id="saved-views">Saved views</h2>
      {views.length === 0 ? (
        <p className="muted">You have no saved view yet.</p>
      ) : (
        <ul>
          {views.map((v) => (
            <li key={v.id}>
              <a href={v.href}>{v.name}</a>{' '}
              <form method="post" action={`/staff/views/${v.id}/delete`} className="inline">
                <button type="submit" className="secondary">
                  Delete<span className="skip">{` the view ${v.name}`}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form method="post" action={`/staff/views${query}`} className="save-view">
        <label htmlFor="view-name">Save the current filters as</label>
        <input id="view-name" name="name" type="text" required maxLength={80} autoComplete="off" />
        <button type="submit">Save view</button>
      </form>
    </section>
  );
}
