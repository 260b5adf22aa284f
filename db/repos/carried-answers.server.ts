import type { Knex } from 'knex';

export type CarriedAnswers = Record<string, string | boolean>;

/**
 * Answers typed while logged out (§2), received with the login call. Kept until the answers API
 * (Lifecycle issue) takes them into the applicant's answers; newer keys win over older ones.
 */
export async function keepCarriedAnswers(knex: Knex, userId: string, answers: CarriedAnswers, at: Date): Promise<void> {
  const existing = await findCarriedAnswers(knex, userId);
  await knex('carried_answers')
    .insert({ user_id: userId, answers: JSON.stringify({ ...(existing ?? {}), ...answers }), received_at: at })
    .onConflict('user_id')
    .merge(['answers', 'received_at']);
}

export async function findCarriedAnswers(knex: Knex, userId: string): Promise<CarriedAnswers | null> {
  const row = (await knex('carried_answers').where({ user_id: userId }).first('answers')) as { answers: CarriedAnswers } | undefined;
  return row?.answers ?? null;
}

/** Returns and deletes them in one step, for the answers API to merge once. */
export async function takeCarriedAnswers(knex: Knex, userId: string): Promise<CarriedAnswers | null> {
  const rows = (await knex('carried_answers').where({ user_id: userId }).delete().returning('answers')) as Array<{
    answers: CarriedAnswers;
  }>;
  return rows[0]?.answers ?? null;
}
