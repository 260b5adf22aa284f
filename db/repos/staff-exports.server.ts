import type { Knex } from 'knex';
import type { StaffFilter } from './staff-applications.server.js';

export type ExportStatus = 'queued' | 'running' | 'ready' | 'failed';

export interface StaffExportRow {
  id: string;
  staff_email: string;
  filter: StaffFilter;
  status: ExportStatus;
  done: number;
  total: number;
  output_key: string | null;
  message: string | null;
  created_at: Date;
  completed_at: Date | null;
}

export async function insertStaffExport(
  knex: Knex | Knex.Transaction,
  row: { staff_email: string; filter: StaffFilter; total: number; now: Date },
): Promise<string> {
  const rows = (await knex('staff_exports')
    .insert({ staff_email: row.staff_email, filter: JSON.stringify(row.filter), status: 'queued', total: row.total, created_at: row.now })
    .returning('id')) as Array<{ id: string }>;
  return rows[0]!.id;
}

export async function findStaffExport(knex: Knex, id: string): Promise<StaffExportRow | null> {
  return ((await knex('staff_exports').where({ id }).first()) as StaffExportRow | undefined) ?? null;
}

export async function listStaffExports(knex: Knex, limit: number): Promise<StaffExportRow[]> {
  return knex('staff_exports').orderBy('created_at', 'desc').limit(limit);
}

export async function updateStaffExport(
  knex: Knex,
  id: string,
  changes: Partial<Pick<StaffExportRow, 'status' | 'done' | 'total' | 'output_key' | 'message' | 'completed_at'>>,
): Promise<void> {
  await knex('staff_exports').where({ id }).update(changes);
}
