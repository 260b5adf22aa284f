/** The bench's database made to hold `total` applications (complete answers), as a deadline night's does. */
import type { Knex } from 'knex';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';

export async function fillApplications(knex: Knex, total: number): Promise<void> {
  const { n } = (await knex('applications').count({ n: '*' }).first()) as { n: string | number };
  const missing = total - Number(n);
  if (missing <= 0) return;
  await knex.raw(
    `with made as (
       insert into users (username, password_hash, confirmed_at, created_at)
       select 'bench-filler-' || g || '@example.edu', 'not-a-real-hash', now(), now() from generate_series(1, ?) g
       returning id)
     insert into applications (user_id, answers, version, created_at, updated_at) select id, ?::jsonb, 1, now(), now() from made`,
    [missing, JSON.stringify(COMPLETE_ANSWERS)],
  );
  await knex.raw('analyze applications');
}
