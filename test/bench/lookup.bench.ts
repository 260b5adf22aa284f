import type autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { LOOKUP_SEED_FILES } from '../../db/seeds/lookup/seed.server.js';
import { waitForLookupData } from '../helpers/lookup-data.js';
import { measure, type HttpFigures } from './http.js';

type Params = Record<string, string>;

/**
 * What applicants send while typing (§4, §9), over the full bundled data: typing sessions for 1 in 50
 * of the real high-school names (every other prefix of the name, as the 200 ms debounce lets through,
 * then the id lookup of the pick), plus names followed by a city or state, typos, colleges and street
 * addresses. Short prefixes recur across sessions as they do in real traffic; long ones are unique.
 */
export function lookupBenchRequests(): Params[] {
  const lines = readFileSync(LOOKUP_SEED_FILES.hs_ceeb, 'utf8').split('\n').slice(1);
  const requests: Params[] = [];
  for (let i = 0; i < lines.length; i += 50) {
    const match = /^(\d{6}),("?)([^",]+)\2,/.exec(lines[i]!);
    if (!match) continue;
    const [, ceeb, , name] = match;
    const typed = name!.toLowerCase();
    for (let n = 1; n <= Math.min(typed.length, 20); n += 2)
      requests.push({ query: typed.slice(0, n), category: 'hs_ceeb', max_results: '5' });
    requests.push({ id: `ceeb:${ceeb}`, category: 'hs_ceeb' });
  }
  const extra: Array<[string, string]> = [
    ['lincoln high lincoln ne', 'hs_ceeb'],
    ['mesa high school mesa az', 'hs_ceeb'],
    ['st marys', 'hs_ceeb'],
    ['alta hgih', 'hs_ceeb'],
    ['washingtn high', 'hs_ceeb'],
    ['jeferson high', 'hs_ceeb'],
    ['harv', 'college_ceeb'],
    ['university of utah', 'college_ceeb'],
    ['brigham young', 'college_ceeb'],
    ['281 w warner', 'address'],
    ['1534 e stirrup', 'address'],
  ];
  // Spread the extras through the sessions rather than bunching them at the end.
  extra.forEach(([query, category], k) =>
    requests.splice(Math.floor(((k + 1) * requests.length) / (extra.length + 1)), 0, { query, category, max_results: '5' }),
  );
  return requests;
}

/** The autocannon requests of the mix, built in the load client's process (test/bench/load-client.ts). */
export function lookupBenchLoad(): autocannon.Request[] {
  const mix = lookupBenchRequests();
  let n = 0;
  const request: autocannon.Request = {
    method: 'GET',
    setupRequest: (req) => {
      const params = mix[n % mix.length]!;
      n++;
      return {
        ...req,
        path: `/lookup/find?${new URLSearchParams(params).toString()}`,
        headers: { ...req.headers, 'x-forwarded-for': `2001:db8::${(n % 50_000).toString(16)}` },
      };
    },
  };
  return [request];
}

export interface LookupBench extends HttpFigures {
  /** Distinct requests in the mix (each sent in turn, round-robin). */
  mix: number;
  /**
   * The same mix at a steady LOOKUP_STEADY_RATE requests a second (open loop): the latency a typist sees
   * when the server is busy but not saturated. The closed-loop figures above measure capacity, and their
   * p95 is mostly the queue that 20 connections build.
   */
  steady: HttpFigures & { rate: number };
}

/** About 200 students typing into the autocomplete at once (one request per 200 ms pause each, at most). */
export const LOOKUP_STEADY_RATE = 100;

/**
 * `npm run bench` (test/bench/run.ts) calls this against a running app. Every request comes from
 * another client address (X-Forwarded-For with a 2001:db8:: documentation address, trusted from
 * loopback), so the per-client rate limit is exercised but never trips: every answer should be a 200.
 */
export async function benchLookup(options: { baseUrl: string; connections?: number; durationSeconds?: number }): Promise<LookupBench> {
  // A freshly started app may still be loading the bundled data.
  await waitForLookupData(options.baseUrl);
  const figures = await measure({
    url: options.baseUrl,
    connections: options.connections ?? 20,
    seconds: options.durationSeconds ?? 10,
    requestsFrom: { module: import.meta.url, name: 'lookupBenchLoad' },
  });
  const steady = await measure({
    url: options.baseUrl,
    connections: options.connections ?? 20,
    seconds: options.durationSeconds ?? 10,
    requestsFrom: { module: import.meta.url, name: 'lookupBenchLoad' },
    overallRate: LOOKUP_STEADY_RATE,
  });
  return { ...figures, mix: lookupBenchRequests().length, steady: { ...steady, rate: LOOKUP_STEADY_RATE } };
}
