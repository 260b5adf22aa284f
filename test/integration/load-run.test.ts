import { expect, it } from '@jest/globals';
import { describeE2E } from '../helpers/browser.js';
import { runLoad } from '../load/load.js';
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
