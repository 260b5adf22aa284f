import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import type { LoadRequest, LoadResult, RequestsFrom } from './load-client.js';

export interface HttpFigures {
  reqPerSec: number;
  /** Latency percentiles in milliseconds, computed from every response. */
  p50: number;
  p95: number;
  requests: number;
  non2xx: number;
  errors: number;
  /**
   * CPU time (user + system, all threads) of the process serving the requests, per response, in ms. Only
   * meaningful when the server runs in this process (the bench's case); the load generator is not counted.
   */
  cpuMsPerRequest: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 100) / 100;
}

const LOAD_CLIENT = fileURLToPath(new URL('./load-client.ts', import.meta.url));

/** Runs autocannon in a child process (inheriting tsx's loader flags), so it competes for CPU but not for our event loop. */
function load(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(LOAD_CLIENT, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: LoadResult | undefined;
    child.once('message', (message) => (result = message as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`load client exited with ${code} before answering`))));
    child.send(request);
  });
}

/**
 * Loads a URL with autocannon for a fixed time and reports throughput, exact p50/p95 and the CPU this
 * process spent per response while it served them.
 */
export async function measure(options: {
  url: string;
  connections?: number;
  seconds?: number;
  headers?: Record<string, string>;
  requests?: autocannon.Request[];
  /** Instead of `requests` when they hold functions: the load client imports the module and calls the export. */
  requestsFrom?: RequestsFrom;
  method?: 'GET' | 'PUT' | 'POST';
  body?: string;
  /** One Cookie header per connection, assigned round-robin (e.g. one applicant per connection). */
  cookies?: string[];
  /** Open loop: this many requests a second in all, instead of as many as the connections can send. */
  overallRate?: number;
  /**
   * Seconds of the same load first, not measured: a server serves a page for hours, and the first seconds of a
   * route in a fresh process are V8 still compiling and optimising its code (twice the steady CPU per page here).
   */
  warmSeconds?: number;
}): Promise<HttpFigures> {
  const request = {
    url: options.url,
    connections: options.connections ?? 20,
    seconds: options.seconds ?? 5,
    method: options.method ?? 'GET',
    headers: options.headers,
    requests: options.requests,
    requestsFrom: options.requestsFrom,
    body: options.body,
    cookies: options.cookies,
    overallRate: options.overallRate,
  };
  if (options.warmSeconds) await load({ ...request, seconds: options.warmSeconds });
  const cpuBefore = process.cpuUsage();
  const result = await load(request);
  const cpu = process.cpuUsage(cpuBefore);
  return {
    reqPerSec: result.reqPerSec,
    p50: percentile(result.latencies, 50),
    p95: percentile(result.latencies, 95),
    requests: result.requests,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: result.requests > 0 ? Math.round(((cpu.user + cpu.system) / 1000 / result.requests) * 100) / 100 : NaN,
  };
}
