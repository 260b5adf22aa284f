import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus series (issue 27), served by GET /metrics (metrics-route.server.ts) and, in a
 * worker process, on METRICS_PORT. One registry per process; every series carries `process` (web or worker
 * and the pid), so several processes scraped side by side never add into one series.
 *
 * Labels are fixed vocabularies only: a route-map template, a queue name, an outcome, a document type, a
 * limit's name. Never a URL as requested, an id, an address or anything an applicant typed.
 */
export const registry = new Registry();

/** Names the process in every series (createApp does it for the web; the worker entry for itself). */
export function nameMetricsProcess(role: 'web' | 'worker'): void {
  registry.setDefaultLabels({ process: `${role}-${process.pid}` });
}

let processMetrics = false;

/**
 * CPU, memory, event-loop lag, handles, GC: prom-client's standard process_* and nodejs_* series. Started by the
 * process entry points (server/serve.server.ts, server/worker.server.ts), not by createApp: a test file creating
 * apps would otherwise add a GC observer and an event-loop monitor to its jest worker each time.
 */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export const httpRequests = new Counter({
  name: 'fa_http_requests_total',
  help: 'HTTP requests answered, by route template (never the raw URL), method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'fa_http_request_duration_seconds',
  help: 'Time from the request to the last byte of the answer, by route template, method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const pageRenders = new Counter({
  name: 'fa_page_renders_total',
  help: "Pages rendered, by how: vike (every page), student-shell (a student's form page in its kept shell, ADR 0300) or visitor-cache (a visitor's form page reused).",
  labelNames: ['renderer'] as const,
  registers: [registry],
});

export const jobsSent = new Counter({
  name: 'fa_jobs_sent_total',
  help: 'Jobs queued by this process, by queue.',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const jobsRun = new Counter({
  name: 'fa_jobs_total',
  help: 'Job attempts finished in this process, by queue and outcome (completed, or failed: pg-boss retries or dead-letters it).',
  labelNames: ['queue', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'fa_job_duration_seconds',
  help: 'Duration of one job attempt, by queue and outcome.',
  labelNames: ['queue', 'outcome'] as const,
  buckets: JOB_SECONDS,
  registers: [registry],
});

export const conversions = new Counter({
  name: 'fa_conversions_total',
  help: 'Document conversions to PDF, by outcome (converted, rejected, timed_out_retrying, error: retried, gave_up) and detected type.',
  labelNames: ['outcome', 'type'] as const,
  registers: [registry],
});

export const pdfRenders = new Counter({
  name: 'fa_application_pdf_renders_total',
  help: 'Application PDF render attempts, by outcome (rendered, failed: retried or no Chromium).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const pdfRenderSeconds = new Histogram({
  name: 'fa_application_pdf_render_seconds',
  help: 'Time Chromium and the merge took to produce one application PDF.',
  buckets: [0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60],
  registers: [registry],
});

export const mails = new Counter({
  name: 'fa_mails_total',
  help: 'E-mails handed to SMTP (or the outbox), by kind of message and outcome (sent, failed).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

export const logins = new Counter({
  name: 'fa_logins_total',
  help: 'Applicant login attempts, by outcome (success, bad_credentials, unconfirmed, backoff: refused while the account waits after failures; passkey_success, passkey_refused, passkey_backoff: the same with a passkey).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const throttles = new Counter({
  name: 'fa_rate_limited_total',
  help: 'Requests refused with 429 by an abuse limit, by limit (ip_signup, ip_login, …, mail, visitor_post, kept_rows, login_backoff).',
  labelNames: ['limit'] as const,
  registers: [registry],
});

/** Filled at scrape time from the database (metrics-route.server.ts): the same figures in every process. */
export const queueDepth = new Gauge({
  name: 'fa_job_queue_depth',
  help: 'Jobs in the queue table now, by queue and state (created, retry, active); read from the database at scrape.',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});

export const queueOldest = new Gauge({
  name: 'fa_job_queue_oldest_age_seconds',
  help: 'How long the oldest job that is due (created or retry) has waited, by queue; 0 when none waits.',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const dbPool = new Gauge({
  name: 'fa_db_pool_connections',
  help: "This process's database pool (knex): connections in use, idle, and requests waiting for one.",
  labelNames: ['state'] as const,
  registers: [registry],
});

export const passwordChecksWaiting = new Gauge({
  name: 'fa_password_checks_waiting',
  help: 'Password hashes and verifications (argon2id) waiting for their turn in this process: a login burst queues here.',
  registers: [registry],
});

/** Seconds since `started` (from performance.now()). */
export function secondsSince(started: number): number {
  return (performance.now() - started) / 1000;
}
