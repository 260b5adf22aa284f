import { expect, it } from '@jest/globals';
import { describeE2E } from '../helpers/browser.js';
import { gatedDescribe } from '../helpers/gate.js';
import { chromiumPath } from '../helpers/chromium.js';
import { postgresBinaries, startThrowawayCluster } from '../helpers/throwaway-postgres.js';
import { runLoad } from '../load/load.js';
import { runDeadline } from '../load/deadline.js';
import { nginxAvailable } from '../load/nginx.js';
import { DEFAULT_LOAD_OPTIONS } from '../load/options.js';

/**
 * `npm run load` itself, small: a few applicants go the whole way (sign up with the e-mailed code,
 * three pages, a transcript of each kind, submit, PDF) against the real server process, and the
 * database holds every submission with its converted transcript and PDF. Keeps the load runner honest
 * between the big runs, which are measured by hand (docs/performance.md).
 */
describeE2E('the load test runner (Chromium renders the PDFs)', () => {
  it('completes every journey with no error and stores every submission with its PDF', async () => {
    // Ten applicants: the tenth sends a Word file, the others PDFs, photos and PNGs in turn (fewer would leave
    // the Word file out: the kinds are dealt as applicants send them). On PostgreSQL,
    // two web processes, every applicant's requests going to each in turn: nothing may live in one process.
    const web = process.env.DATABASE_URL ? 2 : 1;
    const result = await runLoad(
      { ...DEFAULT_LOAD_OPTIONS, applicants: 10, web, arrivalsPerSecond: 5, thinkMs: 100, patienceSeconds: 240 },
      () => undefined,
    );
    expect(result.errors).toEqual({});
    expect(result.completed).toBe(10);
    expect(result.serverErrorLines).toEqual([]);
    const steps = new Map(result.steps.map((s) => [s.step, s.count]));
    expect(steps.get('submit')).toBe(10);
    expect(steps.get('download PDF')).toBe(10);
    expect(steps.get('PUT /api/answer')).toBeGreaterThanOrEqual(30);
    if (result.database === 'postgresql') {
      expect(result.stored).toEqual({
        accounts: 10,
        submitted: 10,
        documentsCompleted: 10,
        documentsPending: 0,
        pdfsCompleted: 10,
        pdfsPending: 0,
      });
    }
    expect(result.requestsByWebProcess).toHaveLength(web);
    for (const served of result.requestsByWebProcess) expect(served).toBeGreaterThan(100);
    expect(result.ok).toBe(true);
  }, 400_000);
});

/**
 * `npm run load -- --scenario deadline … --nginx`, tiny: twenty complete applications submitted within five seconds
 * through nginx (the repository's ops/nginx config) to two web processes, two workers; every submission accepted,
 * every PDF stored and every receipt delivered with its PDF, once. Counts only: the figures are docs/performance.md's.
 * On PostgreSQL (DATABASE_URL, else a throwaway cluster of this test's own); CI installs nginx-light (.ci/run).
 */
gatedDescribe(
  chromiumPath !== null && nginxAvailable() && (Boolean(process.env.DATABASE_URL) || postgresBinaries !== null),
  'needs Chromium, nginx (apt-get install nginx-light) and PostgreSQL',
)('the deadline scenario of the load test runner (nginx, PostgreSQL)', () => {
  it('accepts every submission of the burst, stores every PDF and delivers every receipt with its PDF exactly once', async () => {
    const cluster = process.env.DATABASE_URL ? null : await startThrowawayCluster();
    try {
      const submissions = 20;
      // A moment of lead-in at the record's rate (13.6/s × 0.15 s): 2 submissions before the burst, stored and drained with it.
      const stored = submissions + 2;
      const result = await runDeadline(
        {
          ...DEFAULT_LOAD_OPTIONS,
          scenario: 'deadline',
          submissions,
          seconds: 5,
          leadInSeconds: 0.15,
          web: 2,
          workers: 2,
          nginx: true,
          patienceSeconds: 300,
        },
        () => undefined,
        cluster?.url ?? process.env.DATABASE_URL,
      );
      expect(result.errors).toEqual({});
      expect(result.accepted).toBe(submissions);
      expect(result.leadIn).toMatchObject({ submissions: 2, accepted: 2 });
      expect(result.serverErrorLines).toEqual([]);
      expect(result.page.failures).toBe(0);
      expect(result.stored).toMatchObject({
        submitted: stored,
        // Every one under the night's round: the deadline was checked and recorded.
        underRound: stored,
        pdfsCompleted: stored,
        pdfObjects: stored,
        pdfsFailed: 0,
        pdfsPending: 0,
        receiptsSent: stored,
        receiptsGivenUp: 0,
        receiptsReceived: stored,
        receiptsWithPdf: stored,
        duplicateReceipts: 0,
      });
      expect(result.ok).toBe(true);
    } finally {
      cluster?.stop();
    }
  }, 400_000);
});
