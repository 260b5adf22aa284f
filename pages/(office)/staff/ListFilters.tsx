import type { ListFilterField } from '../../../contracts/staff-list-data.js';

/** The list's GET filter form: every filter a label and a field, so it works without script and by keyboard. */
export function ListFilters({ filters }: { filters: ListFilterField[] }) {
  return (
    <form method="get" action="/staff" className="filters" role="search" aria-label="Find applications">
      {filters.map((f) => (
        <div key={f.name} className={f.name === 'q' ? 'wide' : undefined}>
          <label htmlFor={f.name}>{f.label}</label>
          {f.choices ? (
            <select id={f.name} name={f.name} defaultValue={f.value}>
              <option value="">Any</option>
              {f.choices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          ) : (
            <input id={f.name} name={f.name} type="search" defaultValue={f.value} maxLength={200} />
          )}
        </div>
      ))}
      <div className="filter-buttons">
        <button type="submit">Apply filters</button> <a href="/staff">Clear filters</a>
      </div>
    </form>
  );
}
