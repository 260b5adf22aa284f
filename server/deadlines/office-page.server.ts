import type { AppServices } from '../../platform/app-services.server.js';
import type { OfficeRequest } from '../office-page.server.js';
import type { DeadlinesPageData } from '../../contracts/office-page-data.js';
import { roundDeadlines, deadlineText } from '../../domain/deadlines/rounds.server.js';
import { formatDeskTime, zoneName } from '../../form/local-time.js';

/** An extension is stored as the first instant after it; the office reads its last minute, as it typed it. */
const lastMinute = (until: Date, zone: string) => formatDeskTime(new Date(new Date(until).getTime() - 60_000), zone);

/** /staff/deadlines: each round of the open cycle, how far it is extended for everyone, and every extension made. */
export async function deadlinesPageData(services: AppServices, office: OfficeRequest): Promise<DeadlinesPageData> {
  const zone = services.config.timeZone;
  const knex = services.db.knex;
  const rows = (await knex('deadline_extensions as e')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('applications as a', 'a.user_id', 'e.user_id')
    .orderBy('e.id', 'desc')
    .limit(200)
    .select('e.id', 'e.round', 'e.user_id', 'e.until', 'e.staff_email', 'e.created_at', 'u.username', 'a.reference')) as Array<{
    id: string | number;
    round: string;
    user_id: string | null;
    until: Date;
    staff_email: string;
    created_at: Date;
    username: string | null;
    reference: string | null;
  }>;
  const rounds = roundDeadlines(services.config, services.now()).map((round) => {
    const latest = rows
      .filter((r) => r.round === round.name && r.user_id === null)
      .reduce<Date | null>((max, r) => (!max || new Date(r.until) > max ? new Date(r.until) : max), null);
    return {
      name: round.name,
      label: round.label,
      deadline: deadlineText(round.closesAt, zone),
      forEveryone: latest && latest > round.closesAt ? lastMinute(latest, zone) : null,
    };
  });
  return {
    title: 'Deadlines',
    staffEmail: office.staff?.email ?? null,
    notice: office.query.get('extended') === '1' ? 'The extension is recorded.' : null,
    rounds,
    extensions: rows.map((r) => ({
      id: String(r.id),
      round: r.round,
      who: r.user_id === null ? 'Everyone' : (r.reference ?? r.username ?? '(deleted account)'),
      until: lastMinute(r.until, zone),
      by: r.staff_email,
      at: formatDeskTime(r.created_at, zone),
    })),
    zone: zoneName(zone),
  };
}
