import type { AppServices } from '../../platform/app-services.server.js';
import { assignmentsOf, queueOf, upsertAssignment, type ReadingRound } from '../../db/repos/reading-assignments.server.js';
import { lockReading, setStage } from '../../db/repos/reading-stages.server.js';
import { findDecision } from '../../db/repos/after-submission.server.js';
import { ReadingError } from './errors.js';
import { mustHold, readingAudit } from './roles.server.js';
import type { StaffActor } from './staff-actor.js';
import { stageAfter, type ReadingStage, type StageEvent } from './stages.js';

type Services = Pick<AppServices, 'config' | 'db' | 'now'>;

/** Most applications one assignment takes at once (each is a locked transaction and an audit line). */
export const MAX_ASSIGN = 1000;

function checkIds(ids: readonly string[]): void {
  if (ids.length === 0) throw new ReadingError(400, 'Choose at least one application.');
  if (ids.length > MAX_ASSIGN) throw new ReadingError(400, `Choose at most ${MAX_ASSIGN} applications at a time.`);
}

function readerEmail(reader: string): string {
  const email = reader.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ReadingError(400, `"${reader}" is not a staff e-mail address.`);
  return email;
}

function checkRound(round: string): asserts round is ReadingRound {
  if (round !== 'first' && round !== 'second') throw new ReadingError(400, 'Choose the round: first or second read.');
}

/** One application to one reader, under the application's reading lock; moves the stage as the table says. */
async function assignOne(services: Services, lead: StaffActor, userId: string, reader: string, round: ReadingRound): Promise<void> {
  await services.db.knex.transaction(async (trx) => {
    const now = services.now();
    const reading = await lockReading(trx, userId, now);
    if (!reading) throw new ReadingError(404, 'No submitted application with this id.');
    if (await findDecision(trx, userId)) throw new ReadingError(409, 'This application already has a decision; it is not read any more.');
    const event: StageEvent = round === 'first' ? 'assign-first' : 'assign-second';
    const to = stageAfter(reading.stage as ReadingStage, event);
    if (!to) throw new ReadingError(409, `An application at stage "${reading.stage}" cannot be given a ${round} reader.`);
    const existing = (await assignmentsOf(trx, userId)).find((a) => a.round === round);
    if (existing && existing.reader !== reader) {
      const reviewed = await trx('reading_reviews').where({ user_id: userId, reader: existing.reader, round }).first('id');
      if (reviewed) throw new ReadingError(409, `${existing.reader} has already submitted the ${round}-round review of this application.`);
    }
    await upsertAssignment(trx, { user_id: userId, reader, round, assigned_by: lead.email, assigned_at: now });
    if (to !== reading.stage) await setStage(trx, userId, to, now);
    await readingAudit(trx, now, lead, 'assigned', userId, { reader, round });
  });
}

/** A lead gives these applications to one reader for a round. Each application is its own transaction; the first refusal stops. */
export async function assignByHand(
  services: Services,
  lead: StaffActor,
  applicationIds: readonly string[],
  reader: string,
  round: string,
): Promise<number> {
  await mustHold(services, lead, 'lead', 'assign');
  checkIds(applicationIds);
  checkRound(round);
  const email = readerEmail(reader);
  for (const id of applicationIds) await assignOne(services, lead, id, email, round);
  return applicationIds.length;
}

/**
 * A lead spreads the applications evenly (counts differ by at most one) among the chosen readers, in a random
 * order, so nobody always gets the first of the list. `random` is injectable for tests.
 */
export async function assignEvenly(
  services: Services,
  lead: StaffActor,
  applicationIds: readonly string[],
  readers: readonly string[],
  round: string,
  random: () => number = Math.random,
): Promise<Map<string, string[]>> {
  await mustHold(services, lead, 'lead', 'assign');
  checkIds(applicationIds);
  checkRound(round);
  const emails = [...new Set(readers.map(readerEmail))];
  if (emails.length === 0) throw new ReadingError(400, 'Choose at least one reader.');
  const shuffled = [...new Set(applicationIds)];
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  // Which reader takes the first share is random too: with 7 applications and 3 readers, any of them may get 3.
  const offset = Math.floor(random() * emails.length);
  const out = new Map<string, string[]>(emails.map((e) => [e, []]));
  for (const [i, id] of shuffled.entries()) {
    const reader = emails[(i + offset) % emails.length]!;
    await assignOne(services, lead, id, reader, round);
    out.get(reader)!.push(id);
  }
  return out;
}

export interface QueueEntry {
  applicationId: string;
  reference: string | null;
  round: ReadingRound;
  assignedAt: Date;
}

/** "My queue": the reader's assignments not yet reviewed (nor released), oldest first. */
export async function myQueue(services: Services, reader: StaffActor): Promise<QueueEntry[]> {
  const rows = await queueOf(services.db.knex, reader.email);
  await readingAudit(services.db.knex, services.now(), reader, 'queue-read', null, { count: rows.length });
  return rows.map((r) => ({ applicationId: r.user_id, reference: r.reference, round: r.round, assignedAt: new Date(r.assigned_at) }));
}

async function neighbour(services: Services, reader: StaffActor, currentId: string, step: 1 | -1): Promise<string | null> {
  const rows = await queueOf(services.db.knex, reader.email);
  const at = rows.findIndex((r) => r.user_id === currentId);
  // The current one may have just left the queue (its review was submitted): then the queue's first is next.
  if (at === -1) return step === 1 ? (rows[0]?.user_id ?? null) : (rows.at(-1)?.user_id ?? null);
  return rows[at + step]?.user_id ?? null;
}

export function nextInQueue(services: Services, reader: StaffActor, currentId: string): Promise<string | null> {
  return neighbour(services, reader, currentId, 1);
}

export function previousInQueue(services: Services, reader: StaffActor, currentId: string): Promise<string | null> {
  return neighbour(services, reader, currentId, -1);
}

/** A lead sends applications straight to committee (e.g. after one read). */
export async function moveToCommittee(services: Services, lead: StaffActor, applicationIds: readonly string[]): Promise<void> {
  await mustHold(services, lead, 'lead', 'move-to-committee');
  checkIds(applicationIds);
  for (const id of applicationIds) {
    await services.db.knex.transaction(async (trx) => {
      const now = services.now();
      const reading = await lockReading(trx, id, now);
      if (!reading) throw new ReadingError(404, 'No submitted application with this id.');
      if (reading.stage === 'committee') return;
      const to = stageAfter(reading.stage as ReadingStage, 'move-to-committee');
      if (!to) throw new ReadingError(409, `An application at stage "${reading.stage}" cannot go to committee.`);
      await setStage(trx, id, to, now);
      await readingAudit(trx, now, lead, 'moved-to-committee', id, { from: reading.stage });
    });
  }
}
