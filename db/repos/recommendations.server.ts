import type { Knex } from 'knex';

/** The rows of teacher recommendations (migration 160). Every function is scoped by the applicant's id, a row id or a token hash. */

export interface RecommendationRow {
  id: string;
  user_id: string;
  slot: number;
  teacher_name: string;
  email: string;
  subject: string;
  salt: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  voided_at: Date | null;
  sent_at: Date | null;
  reminder_1_sent_at: Date | null;
  reminder_2_sent_at: Date | null;
  opened_at: Date | null;
  letter_submitted_at: Date | null;
  received_via: 'file' | 'text' | null;
  received_at: Date | null;
  letter_text: string | null;
  declined_at: Date | null;
  decline_reason: string | null;
  refused_at: Date | null;
  refused_reply: string | null;
  last_error: string | null;
}

export type RecommendationMailMark = 'sent_at' | 'reminder_1_sent_at' | 'reminder_2_sent_at';

const TABLE = 'recommendations';

const normalise = (row: RecommendationRow): RecommendationRow => ({ ...row, id: String(row.id) });

export async function insertRecommendation(
  trx: Knex.Transaction,
  row: Pick<
    RecommendationRow,
    'user_id' | 'slot' | 'teacher_name' | 'email' | 'subject' | 'salt' | 'token_hash' | 'created_at' | 'expires_at'
  >,
): Promise<string> {
  const [inserted] = (await trx(TABLE).insert(row).returning('id')) as Array<{ id: string | number }>;
  return String(inserted!.id);
}

export async function findRecommendation(knex: Knex | Knex.Transaction, id: string): Promise<RecommendationRow | null> {
  const row = (await knex(TABLE).where({ id }).first()) as RecommendationRow | undefined;
  return row ? normalise(row) : null;
}

/** The row under lock for the rest of `trx`: a letter, a decline and the applicant's change take turns. */
export async function lockRecommendation(trx: Knex.Transaction, id: string): Promise<RecommendationRow | null> {
  const row = (await trx(TABLE).where({ id }).forUpdate().first()) as RecommendationRow | undefined;
  return row ? normalise(row) : null;
}

export async function findRecommendationByTokenHash(knex: Knex | Knex.Transaction, hash: string): Promise<RecommendationRow | null> {
  const row = (await knex(TABLE).where({ token_hash: hash }).first()) as RecommendationRow | undefined;
  return row ? normalise(row) : null;
}

/** The live (unvoided) invitation of each slot, by slot. */
export async function liveRecommendations(knex: Knex | Knex.Transaction, userId: string): Promise<RecommendationRow[]> {
  const rows = (await knex(TABLE).where({ user_id: userId }).whereNull('voided_at').orderBy('slot')) as RecommendationRow[];
  return rows.map(normalise);
}

/** Live invitations of several applications at once (the integration feed's page). */
export async function liveRecommendationsForMany(knex: Knex, userIds: readonly string[]): Promise<Map<string, RecommendationRow[]>> {
  const out = new Map<string, RecommendationRow[]>();
  if (userIds.length === 0) return out;
  const rows = (await knex(TABLE).whereIn('user_id', userIds).whereNull('voided_at').orderBy(['user_id', 'slot'])) as RecommendationRow[];
  for (const row of rows) out.set(row.user_id, [...(out.get(row.user_id) ?? []), normalise(row)]);
  return out;
}

/** Invitations ever made by this applicant (the limit on sends counts every one). */
export async function countRecommendations(trx: Knex.Transaction, userId: string): Promise<number> {
  const row = (await trx(TABLE).where({ user_id: userId }).count<{ n: string | number }[]>({ n: '*' }))[0];
  return Number(row?.n ?? 0);
}

export async function updateRecommendation(
  trx: Knex | Knex.Transaction,
  id: string,
  patch: Partial<Omit<RecommendationRow, 'id' | 'user_id'>>,
): Promise<void> {
  await trx(TABLE).where({ id }).update(patch);
}

/** Marks an e-mail sent once: false when another attempt marked it first. */
export async function markRecommendationMail(knex: Knex, id: string, mark: RecommendationMailMark, now: Date): Promise<boolean> {
  const n = await knex(TABLE)
    .where({ id })
    .whereNull(mark)
    .update({ [mark]: now, last_error: null });
  return n > 0;
}

/** The first time the teacher opened the live link. */
export async function markRecommendationOpened(knex: Knex, id: string, now: Date): Promise<void> {
  await knex(TABLE).where({ id }).whereNull('opened_at').update({ opened_at: now });
}

export interface WaiverRow {
  user_id: string;
  waived: boolean;
  answered_at: Date;
}

export async function findWaiver(knex: Knex | Knex.Transaction, userId: string): Promise<WaiverRow | null> {
  return ((await knex('recommendation_waivers').where({ user_id: userId }).first()) as WaiverRow | undefined) ?? null;
}

export async function waiversForMany(knex: Knex, userIds: readonly string[]): Promise<Map<string, WaiverRow>> {
  const rows = userIds.length ? ((await knex('recommendation_waivers').whereIn('user_id', userIds)) as WaiverRow[]) : [];
  return new Map(rows.map((r) => [r.user_id, r]));
}

export async function saveWaiver(trx: Knex.Transaction, userId: string, waived: boolean, now: Date): Promise<void> {
  await trx('recommendation_waivers')
    .insert({ user_id: userId, waived, answered_at: now })
    .onConflict('user_id')
    .merge({ waived, answered_at: now });
}
