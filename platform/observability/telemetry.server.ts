import type { RequestHandler } from 'express';
import type { Knex } from 'knex';

/**
 * OpenTelemetry tracing (issue 27), on only when OTEL_EXPORTER_OTLP_ENDPOINT is set. Everything else in the app
 * asks `tracing()`, which is null when it is off: then nothing of the SDK is even loaded (tracing-sdk.server.ts is
 * imported dynamically by startTracing) and each hook costs one null check.
 */
export interface Tracing {
  /** Express middleware: a server span per request, named by its route template once answered. */
  http: RequestHandler;
  /** A client span per knex query (parameterised SQL text, never the values). Idempotent per knex instance. */
  instrumentKnex(knex: Knex): void;
  /** The job's data plus the current trace context (W3C traceparent), so the job continues the request's trace. */
  withTraceContext<T extends object>(data: T): T;
  /** Runs one job attempt in a span that continues the trace its data carries. */
  runJob<R>(queue: string, data: unknown, run: () => Promise<R>): Promise<R>;
  /** The active span's ids for the log line, if any. */
  ids(): { trace_id: string; span_id: string } | undefined;
  /** Exports every finished span now (tests, shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** Where job data carries the trace context of the request (or job) that queued it. */
export const TRACE_CONTEXT_KEY = '_trace';

export interface TracingSettings {
  endpoint: string;
  headers: Record<string, string>;
  serviceName: string;
}

let active: Tracing | null = null;

export function tracing(): Tracing | null {
  return active;
}

/** Starts tracing for this process when configured; a no-op (no import) otherwise. */
export async function startTracing(settings: TracingSettings | null, role: 'web' | 'worker'): Promise<Tracing | null> {
  if (!settings || active) return active;
  const { createTracing } = await import('./tracing-sdk.server.js');
  active = createTracing(settings, role);
  return active;
}

/** Stops exporting (after a last flush) and turns the hooks off again. */
export async function stopTracing(): Promise<void> {
  const current = active;
  active = null;
  await current?.shutdown();
}

/** pino's mixin: the trace and span ids on every log line written while a span is active. */
export function traceFields(): Record<string, string> {
  return active?.ids() ?? {};
}
