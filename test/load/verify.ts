/** After a load run: what the database holds for its applicants. */
import knexFactory from 'knex';

/** After the run: what the database holds for this run's applicants (PostgreSQL only). */
export async function verifyStored(databaseUrl: string, runId: string) {
  const db = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  try {
    const like = `load-${runId}-%`;
    const row = async (sql: string) => (await db.raw(sql, [like])).rows[0] as Record<string, string>;
    return {
      accounts: Number((await row('select count(*) as n from users where username like ?')).n),
      submitted: Number(
        (
          await row(
            'select count(*) as n from applications a join users u on u.id = a.user_id where u.username like ? and a.submitted_at is not null',
          )
        ).n,
      ),
      documentsCompleted: Number(
        (
          await row(
            "select count(*) as n from document_answers d join users u on u.id = d.user_id where u.username like ? and d.status = 'COMPLETED'",
          )
        ).n,
      ),
      documentsPending: Number(
        (
          await row(
            "select count(*) as n from document_answers d join users u on u.id = d.user_id where u.username like ? and d.status in ('UNPROCESSED', 'IN_PROGRESS')",
          )
        ).n,
      ),
      pdfsCompleted: Number(
        (
          await row(
            "select count(*) as n from application_pdfs p join users u on u.id = p.user_id where u.username like ? and p.status = 'COMPLETED'",
          )
        ).n,
      ),
      pdfsPending: Number(
        (
          await row(
            "select count(*) as n from application_pdfs p join users u on u.id = p.user_id where u.username like ? and p.status in ('UNPROCESSED', 'IN_PROGRESS')",
          )
        ).n,
      ),
    };
  } finally {
    await db.destroy();
  }
}
