import type yazl from 'yazl';
import type { WorkerServices } from '../services.js';
import { liveRecommendations } from '../../db/repos/recommendations.server.js';
import { recommendationLetterKey } from '../../contracts/recommendations.js';

/**
 * The teachers' letters of one application beside its PDF in the staff ZIP (issue 39): they are not in the
 * application PDF (the applicant downloads that one too). A file letter is its converted PDF; a typed one a .txt.
 */
export async function addLettersToZip(services: WorkerServices, zip: yazl.ZipFile, userId: string, base: string): Promise<void> {
  const knex = services.db.knex;
  for (const r of (await liveRecommendations(knex, userId)).filter((row) => row.received_at)) {
    const name = `${base}-recommendation-${r.slot}`;
    if (r.received_via === 'text' && r.letter_text) {
      const head = `Recommendation from ${r.teacher_name} (${r.subject}), ${r.email}\nReceived ${r.received_at!.toISOString()}\n\n`;
      zip.addBuffer(Buffer.from(head + r.letter_text + '\n', 'utf8'), `${name}.txt`);
      continue;
    }
    const doc = (await knex('document_answers')
      .where({ user_id: userId, answer_key: recommendationLetterKey(r.id) })
      .first('output_key')) as { output_key: string | null } | undefined;
    const pdf = doc?.output_key ? await services.storage.get(doc.output_key) : null;
    if (pdf) zip.addBuffer(pdf, `${name}.pdf`, { compress: false });
  }
}
