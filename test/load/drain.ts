/** What the database holds for a deadline run's applicants, and waiting until every receipt has gone. */
import knexFactory from 'knex';

export interface DrainCounts {
  submitted: number;
  /** Of them, stored under the night's round (deadline_round set: the deadline was checked). */
  underRound: number;
  pdfsCompleted: number;
  pdfsFailed: number;
  pdfsPending: number;
  firstPdfAt: Date | null;
  lastPdfAt: Date | null;
  receiptsSent: number;
  receiptsGivenUp: number;
  /** The stored PDFs' object keys (checked against the store by the caller). */
  pdfKeys: string[];
}

export async function drainCounts(databaseUrl: string, runId: string): Promise<DrainCounts> {
  const db = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  const like = `deadline-${runId}-%`;
  try {
    const submitted = (
      await db.raw(
        `select count(*)::int as n, count(*) filter (where a.deadline_round is not null)::int as under_round
         from applications a join users u on u.id = a.user_id where u.username like ? and a.submitted_at is not null`,
        [like],
      )
    ).rows[0] as { n: number; under_round: number };
    const pdfs = (
      await db.raw(
        `select count(*) filter (where p.status = 'COMPLETED')::int as completed, count(*) filter (where p.status = 'FAILED')::int as failed,
           count(*) filter (where p.status in ('UNPROCESSED', 'IN_PROGRESS'))::int as pending,
           min(p.completed_at) filter (where p.status = 'COMPLETED') as first_at, max(p.completed_at) filter (where p.status = 'COMPLETED') as last_at,
           coalesce(array_agg(p.output_key) filter (where p.status = 'COMPLETED'), '{}') as keys
         from application_pdfs p join users u on u.id = p.user_id where u.username like ?`,
        [like],
      )
    ).rows[0] as { completed: number; failed: number; pending: number; first_at: Date | null; last_at: Date | null; keys: string[] };
    const receipts = (
      await db.raw(
        `select count(*) filter (where r.sent_at is not null)::int as sent, count(*) filter (where r.gave_up_at is not null)::int as gave_up
         from receipts r join users u on u.id = r.user_id where u.username like ?`,
        [like],
      )
    ).rows[0] as { sent: number; gave_up: number };
    return {
      submitted: submitted.n,
      underRound: submitted.under_round,
      pdfsCompleted: pdfs.completed,
      pdfsFailed: pdfs.failed,
      pdfsPending: pdfs.pending,
      firstPdfAt: pdfs.first_at,
      lastPdfAt: pdfs.last_at,
      receiptsSent: receipts.sent,
      receiptsGivenUp: receipts.gave_up,
      pdfKeys: pdfs.keys,
    };
  } finally {
    await db.destroy();
  }
}

/** Until `received()` reaches `expected` receipts (then a second more, for any duplicate to show) or `patienceMs` passes. */
export async function waitForDrain(expected: number, received: () => number, patienceMs: number): Promise<void> {
  const until = performance.now() + patienceMs;
  while (performance.now() < until) {
    if (received() >= expected) {
      await new Promise((r) => setTimeout(r, 1000));
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
