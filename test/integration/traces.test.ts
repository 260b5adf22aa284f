import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { ignoreQueueErrorsFromNowOn } from '../fixtures/documents-flow.js';
import { createLogger } from '../../platform/logger.server.js';
import { startTracing, stopTracing, tracing } from '../../platform/observability/telemetry.server.js';

/**
 * Issue 27: with OTEL_EXPORTER_OTLP_ENDPOINT set, a submission is one trace: the request's span, its database
 * queries, and the PDF, receipt and webhook jobs it queued (their trace context travels in the job data), exported
 * over OTLP/HTTP (JSON) to a receiver started here; and the request's log lines carry the trace id.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

/** A small OTLP/HTTP receiver on loopback: keeps every span POSTed to /v1/traces, answers /hooks (the webhook) 200. */
class Collector {
  spans: OtlpSpan[] = [];
  hooks = 0;
  headers: Record<string, string | string[] | undefined> = {};
  private server: Server | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.url === '/v1/traces') {
          this.headers = req.headers;
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
          };
          for (const rs of body.resourceSpans) for (const ss of rs.scopeSpans) this.spans.push(...ss.spans.map(hexIds));
          res.setHeader('Content-Type', 'application/json');
          res.end('{}');
          return;
        }
        if (req.url === '/hooks') this.hooks += 1;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    if (this.server) await new Promise((resolve) => this.server!.close(resolve));
  }
}

/** OTLP/JSON ids are hex; accept base64 too (the protobuf-style JSON mapping). */
function hex(id: string | undefined): string | undefined {
  if (!id || /^[0-9a-f]+$/.test(id)) return id;
  return Buffer.from(id, 'base64').toString('hex');
}
function hexIds(span: OtlpSpan): OtlpSpan {
  return { ...span, traceId: hex(span.traceId)!, spanId: hex(span.spanId)!, parentSpanId: hex(span.parentSpanId) || undefined };
}

const collector = new Collector();
const logLines: string[] = [];
let ctx: TestContext;

beforeAll(async () => {
  expect(tracing()).toBeNull();
  await collector.start();
  await startTracing(
    { endpoint: `http://127.0.0.1:${collector.port}`, headers: { 'x-collector-key': 'k1' }, serviceName: 'fa-test' },
    'web',
  );
  ctx = await createTestApp({
    queue: 'workers',
    logger: createLogger('info', { write: (line: string) => void logLines.push(line) }),
    // A "Chromium" that exists but cannot start: the PDF job is queued and its attempt fails fast.
    env: {
      CHROMIUM_PATH: '/bin/false',
      WEBHOOK_URL: `http://127.0.0.1:${collector.port}/hooks`,
      WEBHOOK_SECRET: 'whsec-test-0123456789abcdef',
    },
  });
});
afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx.queue);
  await ctx.close();
  await stopTracing();
  await collector.stop();
});

async function until(test: () => boolean | Promise<boolean>, what: string, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await tracing()?.flush();
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('OpenTelemetry traces', () => {
  it('follow a submission from its request through its queries into the PDF and webhook jobs it queued, and on into the receipt the PDF job queued', async () => {
    const user = await createLoggedInUser(ctx);
    await submitAs(ctx, user.cookie, COMPLETE_ANSWERS);
    const submitSpan = () => collector.spans.find((s) => s.name === 'POST /api/submit');
    const jobSpan = (queue: string) => collector.spans.find((s) => s.name === `job ${queue}` && s.traceId === submitSpan()?.traceId);
    // The receipt waits for the PDF: the PDF job queues it once the PDF has given up (after its retries, in its
    // dead-letter job), so its span comes last.
    await until(
      () => Boolean(submitSpan() && jobSpan('render-application-pdf') && jobSpan('send-receipt') && jobSpan('deliver-webhook')),
      'the jobs’ spans',
      90_000,
    );

    const submit = submitSpan()!;
    // One trace: each job queued by the request is a child of the request's span…
    for (const queue of ['render-application-pdf', 'deliver-webhook']) expect(jobSpan(queue)!.parentSpanId).toBe(submit.spanId);
    // …and the receipt a child of the PDF's last job, which queued it.
    const pdfJobs = collector.spans
      .filter((s) => s.traceId === submit.traceId && s.name.startsWith('job render-application-pdf'))
      .map((s) => s.spanId);
    expect(pdfJobs).toContain(jobSpan('send-receipt')!.parentSpanId);
    // The request's queries are in it, as children of the request; a job's queries are children of the job.
    const inTrace = collector.spans.filter((s) => s.traceId === submit.traceId);
    expect(inTrace.some((s) => s.name.startsWith('db ') && s.parentSpanId === submit.spanId)).toBe(true);
    expect(inTrace.some((s) => s.name.startsWith('db ') && s.parentSpanId === jobSpan('send-receipt')!.spanId)).toBe(true);
    // The route template names the span; the saves before it are traces of their own.
    expect(collector.spans.find((s) => s.name === 'PUT /api/answer')!.traceId).not.toBe(submit.traceId);
    expect(collector.headers['x-collector-key']).toBe('k1');

    // The request's own log line carries the trace id.
    const submitLog = logLines
      .map((l) => JSON.parse(l) as { trace_id?: string; res?: { route?: string } })
      .find((l) => l.res?.route === 'POST /api/submit');
    expect(submitLog?.trace_id).toBe(submit.traceId);
  });
});
