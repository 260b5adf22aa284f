import type { Knex } from 'knex';
import type { DocumentAnswer } from '../../contracts/api.js';
import { recommendationLetterKey } from '../../contracts/recommendations.js';
import { liveRecommendations } from '../../db/repos/recommendations.server.js';

/**
 * The teachers' letters for staff (the reader view, whose read is audited): files as documents (framed and
 * downloaded like any other), typed letters as text. Only letters received (a file once converted).
 */
export async function readerLetters(
  knex: Knex,
  userId: string,
): Promise<{ files: Record<string, DocumentAnswer>; labels: Record<string, string>; typed: Array<{ label: string; text: string }> }> {
  const rows = (await liveRecommendations(knex, userId)).filter((r) => r.received_at);
  const label = (r: (typeof rows)[number]) => `Recommendation from ${r.teacher_name} (${r.subject})`;
  const files: Record<string, DocumentAnswer> = {};
  const labels: Record<string, string> = {};
  const fileRows = rows.filter((r) => r.received_via === 'file');
  const docs = fileRows.length
    ? ((await knex('document_answers')
        .where({ user_id: userId })
        .whereIn(
          'answer_key',
          fileRows.map((r) => recommendationLetterKey(r.id)),
        )
        .select('answer_key', 'file_name', 'file_size', 'status')) as Array<{
        answer_key: string;
        file_name: string;
        file_size: number;
        status: DocumentAnswer['status'] | null;
      }>)
    : [];
  for (const r of fileRows) {
    const key = recommendationLetterKey(r.id);
    const doc = docs.find((d) => d.answer_key === key);
    if (!doc) continue;
    files[key] = { file_name: doc.file_name, file_size: doc.file_size, status: doc.status ?? 'NOT_ANSWERED' };
    labels[key] = label(r);
  }
  const typed = rows.filter((r) => r.received_via === 'text' && r.letter_text).map((r) => ({ label: label(r), text: r.letter_text! }));
  return { files, labels, typed };
}
