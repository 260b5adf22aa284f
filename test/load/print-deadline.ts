/** The deadline scenario's figures as `npm run load -- --scenario deadline` prints them, each beside its target. */
import type { DeadlineResult } from './deadline.js';

const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');

export function printDeadline(r: DeadlineResult): void {
  const n = r.options.submissions;
  const errors = Object.values(r.errors).reduce((a, b) => a + b, 0);
  const s = r.stored;
  const lines = [
    '',
    ...(r.leadIn.submissions > 0
      ? [
          `Lead-in: ${r.leadIn.accepted} of ${r.leadIn.submissions} accepted over the ${r.options.leadInSeconds} s before (p95 ${r.leadIn.p95} ms; stored and drained with the burst, not in its figures)`,
        ]
      : []),
    `Accepted: ${r.accepted} of ${n} (target: all)   errors: ${errors}`,
    ...Object.entries(r.errors).map(([message, count]) => `  ×${count}: ${message}`),
    `Submit: p50 ${r.submit.p50} ms, p95 ${r.submit.p95} ms, max ${r.submit.max} ms (target p95 ≤ 1000 ms: ${mark(r.submit.p95 <= 1000)})`,
    `  p95 by 10 s of the burst: ${r.submitP95By10s.map((ms) => `${ms} ms`).join(', ')}`,
    `PDFs per second: ${r.pdfsPerSecond ?? '—'} (first to last PDF stored; target ≥ 8: ${mark((r.pdfsPerSecond ?? 0) >= 8)})`,
    `PDF drain: last PDF stored ${r.lastPdfSeconds ?? '—'} s after the first submit`,
    `Receipt drain: last receipt received ${r.lastReceiptSeconds ?? '—'} s after the first submit`,
    `Last receipt − last PDF: ${r.receiptLagSeconds ?? '—'} s (target ≤ 30 s: ${mark(r.receiptLagSeconds !== null && r.receiptLagSeconds <= 30)})`,
    `Logged-in page (GET /about) p95: ${r.page.burstP95} ms during the submissions, ${r.page.drainP95} ms during the drain (${r.page.drainCount} requests; target ≤ 300 ms: ${mark(r.page.drainP95 <= 300)}); failed: ${r.page.failures}`,
    `CPU from the first submit to the last receipt: web processes ${r.cpu.webSeconds ?? '—'} s (${r.cpu.webMsPerSubmission ?? '—'} ms a submission, ` +
      `the page probe's and the print views' included), workers with Chromium and merges ${r.cpu.workerSeconds ?? '—'} s (${r.cpu.workerMsPerPdf ?? '—'} ms a PDF)`,
    `  the workers' CPU by process: ${Object.entries(r.cpu.workerByCommand)
      .sort((a, b) => b[1] - a[1])
      .map(([command, seconds]) => `${command} ${seconds} s`)
      .join(', ')}`,
    `Stored: ${s.submitted} submitted (${s.underRound} under the round the deadline closes); PDFs ${s.pdfsCompleted} completed (${s.pdfObjects} in the store), ${s.pdfsFailed} failed, ${s.pdfsPending} pending; ` +
      `receipts ${s.receiptsSent} sent, ${s.receiptsGivenUp} given up; received by SMTP ${s.receiptsReceived} (${s.receiptsWithPdf} with the PDF, ${s.duplicateReceipts} duplicates)`,
    `Load average: ${r.machine.loadAverageBefore.join(' ')} before, ${r.machine.loadAverageAfter.join(' ')} after (${r.machine.cores} cores, ${r.machine.cpu})`,
    `Server log lines at level error or fatal: ${r.serverErrorLines.length}`,
    ...r.serverErrorLines.slice(0, 5).map((line) => `  ${line.slice(0, 400)}`),
    r.ok ? 'Everything accepted, stored and delivered.' : 'NOT everything was accepted, stored and delivered (exit 1).',
  ];
  for (const line of lines) console.log(line);
}
