/**
 * The load generator of test/bench/http.ts, run as a child process so that autocannon does not share the
 * server's event loop (nor its CPU accounting). Receives one LoadRequest over IPC, answers one LoadResult.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  connections: number;
  seconds: number;
  method: 'GET' | 'PUT' | 'POST';
  headers?: Record<string, string>;
  requests?: autocannon.Request[];
  /** Requests with functions (setupRequest) cannot cross IPC: a module URL and the export that builds them. */
  requestsFrom?: RequestsFrom;
  body?: string;
  /** One Cookie header per connection, assigned round-robin (e.g. one applicant per connection). */
  cookies?: string[];
  /** Open loop: requests per second across all connections (autocannon's overallRate). */
  overallRate?: number;
}

export interface RequestsFrom {
  module: string;
  name: string;
}

export interface LoadResult {
  reqPerSec: number;
  /** Every response's latency in milliseconds, sorted ascending. */
  latencies: number[];
  requests: number;
  non2xx: number;
  errors: number;
}

async function run(options: LoadRequest): Promise<LoadResult> {
  let connection = 0;
  const latencies: number[] = [];
  const { cookies, requestsFrom } = options;
  const requests = requestsFrom
    ? ((await import(requestsFrom.module)) as Record<string, () => autocannon.Request[]>)[requestsFrom.name]!()
    : options.requests;
  const start = autocannon as unknown as (o: autocannon.Options) => autocannon.Instance & PromiseLike<autocannon.Result>;
  const instance = start({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests,
    method: options.method,
    ...(options.body === undefined ? {} : { body: options.body }),
    ...(options.overallRate === undefined ? {} : { overallRate: options.overallRate }),
    setupClient: cookies
      ? (client: autocannon.Client) => {
          client.setHeaders({ ...(options.headers ?? {}), cookie: cookies[connection++ % cookies.length]! });
        }
      : undefined,
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: Math.round(result.requests.average),
    latencies,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

process.once('message', (options: LoadRequest) => {
  void run(options).then((result) => process.send!(result, () => process.exit(0)));
});
