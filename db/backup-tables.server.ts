import type { Knex } from 'knex';

/** What migrations own: restore applies them itself, so their bookkeeping is not copied. */
const NOT_COPIED = new Set(['knex_migrations', 'knex_migrations_lock']);

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The product's tables in the public schema, each after the tables it references (foreign keys), so a restore can
 * insert them in this order. pg-boss's schema is not among them: queued jobs are work in flight, not data.
 */
export async function tablesInDependencyOrder(knex: Knex): Promise<string[]> {
  const tables = (
    (await knex.raw(`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as {
      rows: Array<{ tablename: string }>;
    }
  ).rows
    .map((r) => r.tablename)
    .filter((t) => !NOT_COPIED.has(t));
  const edges = (
    (await knex.raw(
      `select c.relname as child, p.relname as parent
     from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public'`,
    )) as { rows: Array<{ child: string; parent: string }> }
  ).rows;
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered.filter((t) => tables.includes(t));
}

/** Every row of a table as JSON text (PostgreSQL's own row_to_json: jsonb, timestamps and bytea round-trip). */
export async function tableRows(knex: Knex, table: string): Promise<string[]> {
  const result = (await knex.raw(`select row_to_json(t)::text as j from ${quote(table)} t`)) as { rows: Array<{ j: string }> };
  return result.rows.map((r) => r.j);
}

/** Columns a restore writes: all but generated ones (PostgreSQL computes those). */
async function writableColumns(knex: Knex, table: string): Promise<string[]> {
  const result = (await knex.raw(
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = ? and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  )) as { rows: Array<{ column_name: string }> };
  return result.rows.map((r) => r.column_name);
}

/** Inserts rows (JSON text as tableRows gives) into a table, keeping identity values as they were. */
export async function insertRows(knex: Knex, table: string, rows: string[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = (await writableColumns(knex, table)).map(quote).join(', ');
  await knex.raw(
    `insert into ${quote(table)} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${quote(table)}, ?::json)`,
    [`[${rows.join(',')}]`],
  );
}

/** After a restore: every sequence behind a column (serial or identity) continues after the largest value restored. */
export async function resetSequences(knex: Knex, table: string): Promise<void> {
  const result = (await knex.raw(
    `select column_name, pg_get_serial_sequence(?, column_name) as seq from information_schema.columns where table_schema = 'public' and table_name = ?`,
    [quote(table), table],
  )) as { rows: Array<{ column_name: string; seq: string | null }> };
  for (const { column_name: column, seq } of result.rows) {
    if (!seq) continue;
    await knex.raw(`select setval(?, coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`, [seq]);
  }
}

/** Empties every product table (a fresh database may hold seeded lookup rows): the backup's rows replace them. */
export async function emptyTables(knex: Knex, tables: string[]): Promise<void> {
  if (tables.length > 0) await knex.raw(`truncate ${tables.map(quote).join(', ')} cascade`);
}

/** Rows of applicant data already there: a restore refuses to overwrite a database that is in use. */
export async function applicantRowCount(knex: Knex): Promise<number> {
  const row = (await knex('users').count({ n: '*' }).first()) as { n: string | number };
  return Number(row.n);
}
