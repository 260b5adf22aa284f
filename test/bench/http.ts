import autocannon from 'autocannon';

export interface HttpFigures {
  reqPerSec: number;
  /** Latency percentiles in milliseconds, computed from every response. */
  p50: number;
  p95: number;
  requests: number;
  non2xx: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)]! * 100) / 100;
}

/** Loads a URL with autocannon for a fixed time and reports throughput and exact p50/p95. */
export async function measure(options: {
  url: string;
  connections?: number;
  seconds?: number;
  headers?: Record<string, string>;
  requests?: autocannon.Request[];
  method?: 'GET' | 'PUT' | 'POST';
  body?: string;
  /** One Cookie header per connection, assigned round-robin (e.g. one applicant per connection). */
  cookies?: string[];
}): Promise<HttpFigures> {
  let connection = 0;
  const latencies: number[] = [];
  const start = autocannon as unknown as (o: autocannon.Options) => autocannon.Instance & PromiseLike<autocannon.Result>;
  const instance = start({
    url: options.url,
    connections: options.connections ?? 20,
    duration: options.seconds ?? 5,
    headers: options.headers,
    requests: options.requests,
    method: options.method ?? 'GET',
    ...(options.body === undefined ? {} : { body: options.body }),
    setupClient: options.cookies
      ? (client: autocannon.Client) => {
          client.setHeaders({ ...(options.headers ?? {}), cookie: options.cookies![connection++ % options.cookies!.length]! });
        }
      : undefined,
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => latencies.push(responseTime));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
