import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { startSmtpReceiver } from '../helpers/smtp.js';
import { makePng } from '../fixtures/documents.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { ignoreQueueErrorsFromNowOn, presign, startConversion, uploadTo, waitForFinalStatus } from '../fixtures/documents-flow.js';
import { GOOD_PASSWORD, latestCode, logIn } from './auth-helpers.js';
import { createLoggedInUser } from '../helpers/users.js';
import { shutDownGracefully } from '../../server/shutdown.server.js';
import { stopJobs } from '../../platform/jobs/boss.server.js';
import { collectProcessMetrics } from '../../platform/observability/metrics.server.js';

/**
 * Issue 27, for operators. GET /metrics after an applicant's journey (register, log in, save, upload, submit) shows the request,
 * job, conversion, PDF, mail and login series, labelled by template and never by what identifies a person; and it
 * answers only an operator on the machine or a scraper holding METRICS_TOKEN.
 * Then (last, as it stops the queue) what SIGTERM does (server/serve.server.ts, server/worker.server.ts) loses
 * nothing: a save in flight is answered and stored before the server lets go, a running job is finished within
 * the bound, and a job that outlasts the bound goes back to its queue to be retried. One app for both: each
 * file's set-up costs the suite more than its tests.
 */
const TOKEN = 'metrics-token-0123456789abcdefXYZ';
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let server: Server;
let arrived = 0;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  collectProcessMetrics(); // as server/serve.server.ts does
  // No Chromium: the submission records the PDF as failed at once (counted as such) and the receipt goes without it.
  ctx = await createTestApp({
    queue: 'workers',
    env: { SMTP_URL: smtp.url, CHROMIUM_PATH: '/nonexistent/chromium', METRICS_TOKEN: TOKEN },
  });
  // The shutdown tests' listening server counts requests as they reach the app: a save is in flight once it moves.
  server = createServer((req, res) => {
    arrived += 1;
    ctx.app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx.queue);
  if (server.listening) server.close();
  await ctx.close();
  await smtp.close();
});

/** One series' value, matched on the labels given (others, such as process, may follow). */
function value(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return null;
}

describe('GET /metrics', () => {
  it('shows request, job, conversion, PDF, mail and login series after a journey, with no personal data', async () => {
    const username = 'metrics.journey@example.edu';
    await request(ctx.app).post('/public/signup').send({ username, password: GOOD_PASSWORD }).expect(200);
    const code = await latestCode(smtp, username);
    await request(ctx.app).post('/public/confirm').send({ username, code }).expect(200);
    await request(ctx.app).post('/public/login').send({ username, password: 'Not-The-Password-1' }).expect(400);
    const cookie = await logIn(ctx, username);
    const user = (await ctx.db.knex('users').where({ username }).first('id')) as { id: string };

    await request(ctx.app).put('/api/answer').set('Cookie', cookie).send(COMPLETE_ANSWERS).expect(200);
    const presigned = await presign(ctx.app, cookie, 'transcript');
    expect((await uploadTo(ctx.app, presigned, makePng(), 'transcript.png')).status).toBeLessThan(400);
    expect((await startConversion(ctx.app, cookie, 'transcript', presigned.fields.key!, 'transcript.png')).status).toBe(202);
    expect((await waitForFinalStatus(ctx.app, cookie, 'transcript')).status).toBe('COMPLETED');
    await request(ctx.app).post('/api/submit').set('Cookie', cookie).expect(200);
    await smtp.waitFor((m) => m.to.includes(username) && /Application received/.test(m.subject), 30_000);

    // A job's effect (the converted file, the receipt in the mailbox) is there before the job has returned and been
    // counted: wait for the counts.
    // METRICS_TOKEN is set: even a caller on this machine presents it (issue 35 finding 11).
    const metrics = () => request(ctx.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    let res = await metrics();
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; res = await metrics()) {
      const counted = (queue: string) => value(res.text, 'fa_jobs_total', { queue, outcome: 'completed' }) !== null;
      if (counted('convert-document') && counted('send-receipt')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    const process = `web-${globalThis.process.pid}`;

    // Requests by route template: the conversion's URL carries the answer key, the label its placeholder.
    expect(value(text, 'fa_http_requests_total', { route: '/api/submit', method: 'POST', status: '200', process })).toBe(1);
    expect(value(text, 'fa_http_requests_total', { route: '/public/signup', method: 'POST', status: '200' })).toBe(1);
    expect(
      value(text, 'fa_http_requests_total', { route: '/api/pdf/document-answer/:key', method: 'GET', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(value(text, 'fa_http_request_duration_seconds_count', { route: '/api/answer', method: 'PUT', status: '200' })).toBe(1);
    // Jobs, conversions, the PDF, mails, logins.
    expect(value(text, 'fa_jobs_total', { queue: 'convert-document', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'fa_jobs_total', { queue: 'send-receipt', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'fa_job_duration_seconds_count', { queue: 'send-receipt', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'fa_jobs_sent_total', { queue: 'send-receipt' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'fa_conversions_total', { outcome: 'converted', type: 'png' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'fa_application_pdf_renders_total', { outcome: 'no_chromium' })).toBe(1);
    expect(text).toContain('# TYPE fa_application_pdf_render_seconds histogram');
    expect(value(text, 'fa_mails_total', { kind: 'receipt', outcome: 'sent' })).toBe(1);
    expect(value(text, 'fa_logins_total', { outcome: 'success' })).toBe(1);
    expect(value(text, 'fa_logins_total', { outcome: 'bad_credentials' })).toBe(1);
    // The database pool, the queue table's gauges, the process's own series.
    expect(value(text, 'fa_db_pool_connections', { state: 'used' })).not.toBeNull();
    expect(text).toContain('# TYPE fa_job_queue_depth gauge');
    expect(text).toContain('# TYPE fa_job_queue_oldest_age_seconds gauge');
    expect(value(text, 'process_cpu_user_seconds_total', { process })).not.toBeNull();
    // Nothing that identifies the applicant or their files.
    for (const secret of [username, user.id, presigned.fields.key!, code]) expect(text).not.toContain(secret);
  });

  it('does not exist for a request relayed by a proxy without the token; a wrong token is a 401, the right one is let in', async () => {
    const relayed = () => request(ctx.app).get('/metrics').set('X-Forwarded-For', '203.0.113.9');
    const hidden = await relayed();
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toContain('fa_');
    const wrong = await relayed().set('Authorization', `Bearer ${TOKEN.replace(/.$/, '!')}`);
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain('fa_');
    const scraper = await relayed().set('Authorization', `Bearer ${TOKEN}`);
    expect(scraper.status).toBe(200);
    expect(scraper.text).toContain('fa_http_requests_total');
  });
});

async function until(test: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const jobState = async (id: string) => ((await ctx.db.knex('pgboss.job').where({ id }).first('state')) as { state: string }).state;

describe('graceful shutdown', () => {
  it('answers and stores a save in flight, finishes a job that ends within the bound and returns one that outlasts it', async () => {
    const boss = ctx.queue!;
    const release = new Map<string, () => void>();
    const running = new Set<string>();
    for (const queue of ['shutdown-finishes', 'shutdown-outlasts']) {
      await boss.createQueue(queue);
      await boss.work(queue, { pollingIntervalSeconds: 0.5 }, async () => {
        running.add(queue);
        await new Promise<void>((resolve) => release.set(queue, resolve));
      });
    }
    const finishes = (await boss.send('shutdown-finishes', {}, { retryLimit: 1 }))!;
    const outlasts = (await boss.send('shutdown-outlasts', {}, { retryLimit: 1 }))!;
    await until(() => running.size === 2, 'both jobs to start');

    const user = await createLoggedInUser(ctx);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await request(base).put('/api/answer').set('Cookie', user.cookie).send({ first_name: 'Before' }).expect(200);
    // A slow save: its application row is locked (and, on PGlite, the one session is held) until released.
    const trx = await ctx.db.knex.transaction();
    await trx('applications').where({ user_id: user.id }).forUpdate().first();
    const before = arrived;
    const save = request(base)
      .put('/api/answer')
      .set('Cookie', user.cookie)
      .send({ first_name: 'During' })
      .then((r) => r);
    await until(() => arrived > before, 'the save to reach the server');

    // SIGTERM's sequence (server/serve.server.ts), with the test's queue as the services to stop (1 s for jobs).
    let jobsStopping = false;
    const stopped = shutDownGracefully(
      server,
      async ({ jobsMs }) => {
        jobsStopping = true;
        release.get('shutdown-finishes')!(); // ends while the stop waits for it
        await stopJobs(boss, jobsMs);
      },
      ctx.services.logger,
      { requestsMs: 10_000, jobsMs: 1000 },
    );
    expect(server.listening).toBe(false); // no new connection is accepted
    await trx.commit();
    const answered = await save;
    expect(answered.status).toBe(200);
    await stopped;
    expect(jobsStopping).toBe(true);
    const row = (await ctx.db.knex('applications').where({ user_id: user.id }).first('answers')) as { answers: Record<string, unknown> };
    expect(row.answers.first_name).toBe('During');
    expect(await jobState(finishes)).toBe('completed');
    // Failed back by the stop with a retry left: another worker (or this one, restarted) runs it again.
    expect(await jobState(outlasts)).toBe('retry');
    release.get('shutdown-outlasts')!();
  });
});
