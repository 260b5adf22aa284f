import { createHash } from 'node:crypto';
import type { AppServices } from '../../platform/app-services.server.js';
import { releaseDecision } from '../after-submission/decisions.server.js';
import { ChecklistConflict, submittedApplication } from '../after-submission/checklist.server.js';
import { DECISIONS, type Decision } from '../../db/repos/after-submission.server.js';
import { ReadingError } from './errors.js';
import { mustHold, readingAudit } from './roles.server.js';
import type { StaffActor } from './staff-actor.js';

/** Most decisions one release takes (each is a locked transaction, an audit line and an e-mail job). */
export const MAX_RELEASE = 500;

export interface ReleasePreview {
  /** The applications whose recorded, unreleased decision would be released, sorted. */
  ids: string[];
  counts: Record<Decision, number>;
  /** "Release 37 decisions: 30 admit, 5 deny, 2 waitlist". */
  sentence: string;
  /** What the confirmation must echo: the count and a hash of exactly these applications and their decisions. */
  digest: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function releaseSentence(counts: Record<Decision, number>): string {
  const total = DECISIONS.reduce((sum, d) => sum + counts[d], 0);
  if (total === 0) return 'There are no recorded decisions to release.';
  const parts = DECISIONS.filter((d) => counts[d] > 0).map((d) => `${counts[d]} ${d}`);
  return `Release ${plural(total, 'decision', 'decisions')}: ${parts.join(', ')}`;
}

export function releaseDigest(rows: ReadonlyArray<{ id: string; decision: Decision }>): string {
  const sorted = [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const hash = createHash('sha256')
    .update(sorted.map((r) => `${r.id}:${r.decision}`).join('\n'))
    .digest('hex');
  return `${sorted.length}-${hash.slice(0, 32)}`;
}

/** What releasing these applications would do now: only recorded, unreleased decisions count. Reads no answers. */
export async function previewRelease(services: Pick<AppServices, 'db'>, applicationIds: readonly string[]): Promise<ReleasePreview> {
  const unique = [...new Set(applicationIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (unique.length > MAX_RELEASE)
    throw new ReadingError(400, `Release at most ${MAX_RELEASE} decisions at a time; narrow the list first.`);
  const rows = unique.length
    ? ((await services.db
        .knex('decisions as d')
        .join('applications as a', 'a.user_id', 'd.user_id')
        .whereIn('d.user_id', unique)
        .whereNotNull('a.submitted_at')
        .whereNull('d.released_at')
        .orderBy('d.user_id')
        .select('d.user_id as id', 'd.decision')) as Array<{ id: string; decision: Decision }>)
    : [];
  const counts = { admit: 0, deny: 0, waitlist: 0 } as Record<Decision, number>;
  for (const r of rows) counts[r.decision] += 1;
  return { ids: rows.map((r) => r.id), counts, sentence: releaseSentence(counts), digest: releaseDigest(rows) };
}

export const CONFIRMATION_MISMATCH =
  'Nothing was released: the decisions to release are not the ones you were shown (a decision was recorded, changed or released meanwhile). Look at the new summary and confirm again.';

/** The preview again, refused (409) unless `confirmation` is its digest: a stale or forged confirmation releases nothing. */
export async function confirmedPreview(
  services: Pick<AppServices, 'db'>,
  applicationIds: readonly string[],
  confirmation: unknown,
): Promise<ReleasePreview> {
  const preview = await previewRelease(services, applicationIds);
  if (typeof confirmation !== 'string' || confirmation !== preview.digest) throw new ReadingError(409, CONFIRMATION_MISMATCH);
  if (preview.ids.length === 0) throw new ReadingError(409, 'There are no recorded decisions to release.');
  return preview;
}

/** Releases one application's decision through the one locked release path (e-mail once, audit, webhook). */
export async function releaseOne(services: AppServices, userId: string, actor: StaffActor): Promise<boolean> {
  const app = await submittedApplication(services.db.knex, { userId });
  if (!app) return false;
  try {
    return (await releaseDecision(services, app, { name: actor.email, ip: actor.ip ?? null })) === 'changed';
  } catch (err) {
    // The decision was withdrawn meanwhile (none recorded): nothing to release for this one.
    if (err instanceof ChecklistConflict) return false;
    throw err;
  }
}

/** A lead releases exactly the previewed set now. Returns how many were released by this call. */
export async function confirmRelease(
  services: AppServices,
  lead: StaffActor,
  applicationIds: readonly string[],
  confirmation: unknown,
): Promise<{ released: number; preview: ReleasePreview }> {
  await mustHold(services, lead, 'lead', 'release');
  const preview = await confirmedPreview(services, applicationIds, confirmation);
  let released = 0;
  for (const id of preview.ids) if (await releaseOne(services, id, lead)) released += 1;
  await readingAudit(services.db.knex, services.now(), lead, 'release-confirmed', null, {
    ids: preview.ids,
    counts: preview.counts,
    released,
  });
  return { released, preview };
}
