/**
 * The deadline scenario's traffic: the submissions, evenly spaced (an open loop: a slow answer does not slow the
 * arrivals), and a probe of a logged-in page a few times a second from applicants who are not submitting, to see
 * whether PDF work starves the web processes.
 */
import type { SeededApplicant } from './seed.js';

export interface Timed {
  /** ms since the burst started */
  at: number;
  ms: number;
}

export interface BurstOutcome {
  accepted: number;
  /** Failed submits by message (numbers replaced by N). */
  errors: Record<string, number>;
  submits: Timed[];
}

/** What a browser sends: its cookie, its own address (nginx adds it to X-Forwarded-For), Origin on a POST. */
function headers(applicant: SeededApplicant, index: number, origin: string | null): Record<string, string> {
  return {
    cookie: applicant.cookie,
    'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    accept: 'application/json',
    'accept-encoding': 'gzip',
    ...(origin ? { origin } : {}),
  };
}

/** `applicants` submit at evenly spaced moments over `seconds`, each request to the next of `baseUrls` in turn. */
export async function submitBurst(
  applicants: SeededApplicant[],
  baseUrls: string[],
  seconds: number,
  started: number,
): Promise<BurstOutcome> {
  const outcome: BurstOutcome = { accepted: 0, errors: {}, submits: [] };
  const fail = (message: string) => {
    const kind = message.replace(/\d+/g, 'N').slice(0, 200);
    outcome.errors[kind] = (outcome.errors[kind] ?? 0) + 1;
  };
  const spacing = (seconds * 1000) / applicants.length;
  await Promise.all(
    applicants.map(async (applicant, i) => {
      const due = started + i * spacing;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const base = baseUrls[i % baseUrls.length]!;
      const sent = performance.now();
      try {
        const res = await fetch(`${base}/api/submit`, { method: 'POST', headers: headers(applicant, i, base) });
        const body = (await res.json().catch(() => ({}))) as { reference?: string; message?: string };
        outcome.submits.push({ at: sent - started, ms: performance.now() - sent });
        if (res.status === 200 && body.reference) outcome.accepted++;
        else fail(`HTTP ${res.status} ${body.message ?? ''}`);
      } catch (err) {
        fail(`network: ${String((err as Error).cause ?? (err as Error).message)}`);
      }
    }),
  );
  return outcome;
}

export interface PageProbe {
  stop(): Promise<{ samples: Timed[]; failures: number }>;
}

/** GET /about as `applicants` (logged in, not submitting), `perSecond` times a second until stopped. */
export function probeLoggedInPage(applicants: SeededApplicant[], baseUrls: string[], perSecond: number, started: number): PageProbe {
  const samples: Timed[] = [];
  const inFlight = new Set<Promise<void>>();
  let failures = 0;
  let n = 0;
  const timer = setInterval(() => {
    const i = n++;
    const applicant = applicants[i % applicants.length]!;
    const sent = performance.now();
    const request = fetch(`${baseUrls[i % baseUrls.length]!}/about`, {
      headers: { ...headers(applicant, 200_000 + i, null), accept: 'text/html' },
    })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
        else samples.push({ at: sent - started, ms: performance.now() - sent });
      })
      .catch(() => {
        failures++;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }, 1000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { samples, failures };
    },
  };
}
