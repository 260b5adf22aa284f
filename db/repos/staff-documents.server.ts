import type { Knex } from 'knex';
import type { ConversionStatus } from '../../contracts/statuses.js';

export interface StaffDocumentRow {
  answer_key: string;
  file_name: string;
  file_size: number;
  status: ConversionStatus | null;
  /** When this answer was first sent (replacing the file keeps it). */
  created_at: Date;
}

/** Every document of one application for the staff page: the applicant's uploads and the counselor's transcript. */
export async function staffDocumentsFor(knex: Knex, userId: string): Promise<StaffDocumentRow[]> {
  return (await knex('document_answers')
    .where({ user_id: userId })
    .orderBy('answer_key')
    .select('answer_key', 'file_name', 'file_size', 'status', 'created_at')) as StaffDocumentRow[];
}

/** The counselor address the transcript request went to (the newest request, else the checklist's address). */
export async function counselorAddressOf(knex: Knex, userId: string): Promise<string | null> {
  const request = (await knex('counselor_requests').where({ user_id: userId }).orderBy('created_at', 'desc').first('email')) as
    { email: string } | undefined;
  if (request) return request.email;
  const checklist = (await knex('transcript_checklist').where({ user_id: userId }).first('counselor_email')) as
    { counselor_email: string | null } | undefined;
  return checklist?.counselor_email ?? null;
}
