import type { Knex } from 'knex';
import { SpanKind, SpanStatusCode, context, propagation, trace, type Span } from '@opentelemetry/api';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { TRACE_CONTEXT_KEY, type Tracing, type TracingMiddleware, type TracingSettings } from './telemetry.server.js';
import { routeLabel } from './route-label.server.js';

/**
 * The OpenTelemetry SDK, loaded only by startTracing (telemetry.server.ts) when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 * Spans are made here by hand rather than by the auto-instrumentation packages: those patch modules as they are
 * loaded, which the bundled ESM build does not allow, and they would record URLs with their tokens.
 */
export function createTracing(settings: TracingSettings, role: 'web' | 'worker'): Tracing {
  const exporter = new OTLPTraceExporter({ url: `${settings.endpoint.replace(/\/$/, '')}/v1/traces`, headers: settings.headers });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName, 'service.instance.id': `${role}-${process.pid}` }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // The AsyncLocalStorage context manager and the W3C trace-context propagator.
  provider.register();
  const tracer = trace.getTracer('freshman-application');
  const instrumented = new WeakSet<object>();

  const http: TracingMiddleware = (req, res, next) => {
    const parent = propagation.extract(context.active(), req.headers);
    const span = tracer.startSpan(req.method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } }, parent);
    const ctx = trace.setSpan(parent, span);
    res.once('finish', () => {
      const route = routeLabel(req, res.locals.route as string | undefined);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': res.statusCode });
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    // Body parsers resume the chain from the request's stream events: bind them to the request's context too.
    context.bind(ctx, req);
    context.bind(ctx, res);
    context.with(ctx, next);
  };

  function instrumentKnex(knex: Knex): void {
    if (instrumented.has(knex)) return;
    instrumented.add(knex);
    const open = new Map<string, Span>();
    knex.on('query', (query: { __knexQueryUid?: string; sql?: string; method?: string }) => {
      if (!query.__knexQueryUid || !trace.getSpan(context.active())) return; // only queries inside a traced request or job
      const span = tracer.startSpan(`db ${query.method ?? 'query'}`, {
        kind: SpanKind.CLIENT,
        attributes: { 'db.system': 'postgresql', 'db.statement': String(query.sql ?? '').slice(0, 2000) },
      });
      open.set(query.__knexQueryUid, span);
    });
    const end = (query: { __knexQueryUid?: string }, failed: boolean) => {
      const span = query.__knexQueryUid ? open.get(query.__knexQueryUid) : undefined;
      if (!span) return;
      open.delete(query.__knexQueryUid!);
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    knex.on('query-response', (_response: unknown, query: { __knexQueryUid?: string }) => end(query, false));
    knex.on('query-error', (_error: unknown, query: { __knexQueryUid?: string }) => end(query, true));
  }

  function withTraceContext<T extends object>(data: T): T {
    if (!trace.getSpan(context.active())) return data;
    const carrier: Record<string, string> = {};
    propagation.inject(context.active(), carrier);
    return { ...data, [TRACE_CONTEXT_KEY]: carrier };
  }

  async function runJob<R>(queue: string, data: unknown, run: () => Promise<R>): Promise<R> {
    const carrier = data && typeof data === 'object' ? (data as Record<string, unknown>)[TRACE_CONTEXT_KEY] : undefined;
    const parent =
      carrier && typeof carrier === 'object' ? propagation.extract(context.active(), carrier as Record<string, string>) : context.active();
    return tracer.startActiveSpan(
      `job ${queue}`,
      { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue } },
      parent,
      async (span) => {
        try {
          return await run();
        } catch (err) {
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message?.slice(0, 200) });
          throw err;
        } finally {
          span.end();
        }
      },
    );
  }

  function ids(): { trace_id: string; span_id: string } | undefined {
    const span = trace.getSpan(context.active());
    if (!span) return undefined;
    const { traceId, spanId } = span.spanContext();
    return { trace_id: traceId, span_id: spanId };
  }

  return {
    http,
    instrumentKnex,
    withTraceContext,
    runJob,
    ids,
    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
