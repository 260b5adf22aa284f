/**
 * What one applicant's browser does over HTTP: keeps its cookies, comes from its own address (the app
 * trusts X-Forwarded-For from loopback, as behind a load balancer), sends Origin on every call like a
 * browser does, and records how long each step took and how it failed.
 */
export class StepError extends Error {
  constructor(
    readonly step: string,
    message: string,
  ) {
    super(`${step}: ${message}`);
  }
}

export interface StepRecorder {
  record(step: string, ms: number): void;
}

export class ApplicantClient {
  private cookies = new Map<string, string>();
  private readonly baseUrls: string[];
  private calls = 0;

  /**
   * `baseUrl` may name several web processes of one deployment: the client then sends each request to the
   * next one in turn (starting at `first`), as a load balancer without sticky sessions would, so a journey
   * only completes if nothing it needs is held in one process's memory.
   */
  constructor(
    baseUrl: string | string[],
    private readonly address: string,
    private readonly recorder: StepRecorder,
    first = 0,
  ) {
    this.baseUrls = Array.isArray(baseUrl) ? baseUrl : [baseUrl];
    this.calls = first;
  }

  /** One timed HTTP exchange; a status outside `expect` (default 2xx) fails the step with the server's message. */
  async call(
    step: string,
    path: string,
    init: { method?: string; json?: unknown; body?: FormData; headers?: Record<string, string>; expect?: number[] } = {},
  ): Promise<Response> {
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = {
      'x-forwarded-for': this.address,
      accept: path.startsWith('/api') || path.startsWith('/public') ? 'application/json' : 'text/html',
      ...init.headers,
    };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const baseUrl = this.baseUrls[this.calls++ % this.baseUrls.length]!;
    if (method !== 'GET') headers.origin = baseUrl;
    let body: string | FormData | undefined = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(new URL(path, baseUrl), { method, headers, body, redirect: 'manual' });
    } catch (err) {
      throw new StepError(step, `network: ${(err as Error).cause ?? (err as Error).message}`);
    }
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const ok = init.expect ? init.expect.includes(res.status) : res.status >= 200 && res.status < 300;
    if (!ok) {
      const text = await res.text().catch(() => '');
      let message = text.slice(0, 200);
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? message;
      } catch {
        // not JSON
      }
      throw new StepError(step, `HTTP ${res.status} ${message}`);
    }
    // The body is part of the response time, as a browser would see it.
    const bytes = await res.arrayBuffer();
    const buffered = new Response([101, 204, 205, 304].includes(res.status) ? null : bytes, { status: res.status, headers: res.headers });
    this.recorder.record(step, performance.now() - started);
    return buffered;
  }

  async json<T>(step: string, path: string, init: Parameters<ApplicantClient['call']>[2] = {}): Promise<{ body: T; res: Response }> {
    const res = await this.call(step, path, init);
    return { body: (await res.json()) as T, res };
  }

  /** What page scripts do with document.cookie. */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, encodeURIComponent(value));
  }

  get loggedIn(): boolean {
    return this.cookies.size > 0;
  }
}
