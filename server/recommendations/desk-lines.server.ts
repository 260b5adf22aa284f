import type { AppServices } from '../../platform/app-services.server.js';
import type { ChecklistLine } from '../../contracts/checklist-page-data.js';
import { findWaiver, liveRecommendations } from '../../db/repos/recommendations.server.js';
import { formatDeskTime } from '../../form/local-time.js';

/** The desk's lines about an application's teachers (its checklist page, audited there): states, never letters. */
export async function recommendationDeskLines(services: AppServices, userId: string): Promise<ChecklistLine[]> {
  const knex = services.db.knex;
  const [rows, waiver] = await Promise.all([liveRecommendations(knex, userId), findWaiver(knex, userId)]);
  const when = (d: Date) => formatDeskTime(d, services.config.timeZone);
  const lines: ChecklistLine[] = [
    {
      text: waiver
        ? `FERPA: the applicant ${waiver.waived ? 'waived' : 'did not waive'} the right to read the letters.`
        : 'FERPA: not answered yet.',
      tone: 'muted',
    },
  ];
  if (rows.length === 0) lines.push({ text: 'No teacher invited.', tone: 'plain' });
  for (const r of rows) {
    const who = `Teacher ${r.slot}: ${r.teacher_name} (${r.subject}), ${r.email}`;
    if (r.refused_at)
      lines.push({
        text: `${who}: This address did not accept our e-mail (${when(r.refused_at)}: ${r.refused_reply ?? 'refused'}).`,
        tone: 'error',
      });
    else if (r.received_at)
      lines.push({
        text: `${who}: letter received ${when(r.received_at)} (${r.received_via === 'text' ? 'typed' : 'file'}).`,
        tone: 'plain',
      });
    else if (r.declined_at)
      lines.push({ text: `${who}: declined ${when(r.declined_at)}${r.decline_reason ? ` (${r.decline_reason})` : ''}.`, tone: 'error' });
    else if (r.letter_submitted_at) lines.push({ text: `${who}: file sent ${when(r.letter_submitted_at)}, being checked.`, tone: 'plain' });
    else
      lines.push({
        text: `${who}: invited ${when(r.created_at)}${r.sent_at ? `, e-mailed ${when(r.sent_at)}` : ''}${r.opened_at ? `, opened ${when(r.opened_at)}` : ''}${r.last_error ? `; last error: ${r.last_error}` : ''}.`,
        tone: 'plain',
      });
  }
  return lines;
}
