import type { Knex } from 'knex';

export interface SavedViewRow {
  id: string;
  name: string;
  /** The list's query string without the '?' ('' for every application). */
  query: string;
}

/** A staff member may keep this many views: the list shows them all as links. */
export const MAX_SAVED_VIEWS = 30;

export async function listSavedViews(knex: Knex, staffEmail: string): Promise<SavedViewRow[]> {
  const rows = (await knex('staff_saved_views')
    .where({ staff_email: staffEmail })
    .orderBy('name')
    .limit(MAX_SAVED_VIEWS)
    .select('id', 'name', 'query')) as SavedViewRow[];
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

export async function countSavedViews(knex: Knex, staffEmail: string): Promise<number> {
  const row = (await knex('staff_saved_views').where({ staff_email: staffEmail }).count<{ n: string | number }>({ n: '*' }).first()) as
    { n: string | number } | undefined;
  return Number(row?.n ?? 0);
}

/** Saves (or, under a name already used, replaces) a view of this staff member's. */
export async function saveView(knex: Knex, view: { staffEmail: string; name: string; query: string; now: Date }): Promise<void> {
  await knex('staff_saved_views')
    .insert({ staff_email: view.staffEmail, name: view.name, query: view.query, created_at: view.now })
    .onConflict(['staff_email', 'name'])
    .merge(['query', 'created_at']);
}

/** Deletes one of this staff member's views; false when there was none (another's view is never touched). */
export async function deleteSavedView(knex: Knex, staffEmail: string, id: string): Promise<boolean> {
  // Counted by the rows returned: the embedded database's driver does not report a delete's row count.
  const rows = (await knex('staff_saved_views').where({ staff_email: staffEmail, id }).delete().returning('id')) as unknown[];
  return rows.length > 0;
}
