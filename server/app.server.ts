import express, { type Express } from 'express';
import { configureAdmissionCycle } from '../form/admission-cycle.js';
import compression from 'compression';
import { constants as zlibConstants } from 'node:zlib';
import cookieParser from 'cookie-parser';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ViteDevServer } from 'vite';
import type { AppServices } from '../platform/app-services.server.js';
import { cspNonce, sameOriginOnly, securityHeaders } from './security/headers.server.js';
import { rejectNulInUrl } from './security/no-nul.server.js';
import { apiNotFound, errorHandler } from './errors.server.js';
import { logPathFor } from '../platform/logger.server.js';
import { healthRouter } from './health.server.js';
import { pageRenderer } from './render.server.js';
import { readReactChunkHref } from './react-chunk.server.js';
import { routeTable } from './routes.server.js';
import { routesRouter } from './route-rows.server.js';
import { isPageRoute } from '../contracts/routes.js';
import { sessionMiddleware } from './auth/session.server.js';
import { languageMiddleware } from './i18n/language.server.js';
import { sessionReads } from './application/request-application.server.js';
import { serviceMode } from './service/service-mode.server.js';
import { readFlash } from './auth/flash.server.js';
import { takeKeptAnswersAtLogin } from './form-post/kept-answers.server.js';
import { httpMetrics, measureDatabase, metricsHandler } from './observability/metrics-route.server.js';
import { METRICS_PATH } from '../platform/observability/route-label.server.js';
import { nameMetricsProcess } from '../platform/observability/metrics.server.js';
import { tracing } from '../platform/observability/telemetry.server.js';
import { precompressedAssets } from './static-assets.server.js';
import { recordArrival } from './deadlines/arrival.server.js';

export interface AppOptions {
  /** Development: vite's middleware serves modules with HMR. Production: the built client in dist/client. */
  vite?: ViteDevServer;
  hmrPort?: number;
  clientDir?: string;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The Express application without listening: used by server/start, the dev server and supertest. */
export function createApp(services: AppServices, options: AppOptions = {}): Express {
  const { config, logger } = services;
  // The terms the form offers and checks (form/admission-cycle.ts) follow the operator's ADMISSION_CYCLE.
  configureAdmissionCycle(config.admissionCycle);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  app.use(recordArrival(services));

  // ── Operators: traces and metrics (issue 27) ──
  const traced = tracing();
  if (traced) {
    app.use(traced.http);
    traced.instrumentKnex(services.db.knex);
  }
  nameMetricsProcess('web');
  measureDatabase(services.db.knex);
  app.use(httpMetrics());
  const clientDir = options.clientDir ?? join(process.cwd(), 'dist', 'client');
  // What every page may name from the client build (server/render.server.ts): none on the dev server.
  app.locals.reactChunk = options.vite ? null : readReactChunkHref(clientDir);
  // The build's scripts and styles, compressed at build time, before the request log and the page headers: a
  // page loads several, and Lighthouse counts each response's headers (server/static-assets.server.ts).
  if (!options.vite) app.use(precompressedAssets(join(clientDir, 'assets'), '/assets'));

  const routes = routeTable(services);
  // A link's token in the path (`/counselor/:token`) is a credential: the log shows `[redacted]` in its place.
  const logPath = logPathFor(routes.flatMap((row) => (row.kind === 'route' ? [row.path] : [])));
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: logPath(req.url) }),
        // The route-map row that answered ("GET /api/document-answer/:key"): groups requests without their ids.
        res: (res: { statusCode: number; raw?: { locals?: { route?: string } } }) => ({
          statusCode: res.statusCode,
          route: res.raw?.locals?.route,
        }),
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' },
    }),
  );
  app.use(cspNonce);
  app.use(securityHeaders(config, { dev: Boolean(options.vite), hmrPort: options.hmrPort }));
  // Pages and API answers are compressed fast (gzip level 1, brotli quality 1): at the default level compressing a
  // student's page cost about as much CPU as rendering it, for a few percent fewer bytes. The build's scripts and
  // styles are answered above, compressed at build time; what else is under /assets keeps the default levels.
  const fastCompression = compression({ level: 1, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } } });
  const thoroughCompression = compression();
  app.use((req, res, next) => {
    // A page compresses its body as it is sent (server/page-encoding.server.ts).
    if ((req.method === 'GET' || req.method === 'HEAD') && isPageRoute(req.path)) return next();
    return (req.path.startsWith('/assets/') ? thoroughCompression : fastCompression)(req, res, next);
  });
  app.use(healthRouter(services));
  // Loopback or METRICS_TOKEN only; before sessions and pages (server/observability/metrics-route.server.ts).
  app.get(METRICS_PATH, metricsHandler({ token: config.metrics.token }));

  if (options.vite) {
    app.use(options.vite.middlewares);
  } else {
    app.use('/assets', express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    // Only paths under the build's top-level entries (favicon.svg, …) go to the disk: every page and API
    // request would otherwise pay a failed stat (and its error objects) before reaching its handler.
    const topLevel = new Set(existsSync(clientDir) ? readdirSync(clientDir) : []);
    const publicFiles = express.static(clientDir, { index: false, maxAge: '1h' });
    app.use((req, res, next) => (topLevel.has(req.path.split('/')[1] ?? '') ? publicFiles(req, res, next) : next()));
  }

  // Browsers ask for /favicon.ico whatever the page says; answer it instead of redirecting to /about.
  app.get('/favicon.ico', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.status(204).end();
  });
  app.use(rejectNulInUrl);
  app.use(cookieParser());
  // A student's page and an answer save read the application with the session, in one statement (issue 28).
  app.use(sessionMiddleware(services, sessionReads));
  app.use(serviceMode(services));
  app.use(sameOriginOnly(config));
  // After the Origin check: a cross-site post must not even change the remembered language.
  app.use(languageMiddleware(services));
  // Every URL the app answers besides the pages: server/routes.server.ts.
  app.use(routesRouter(services, routes));
  app.use(apiNotFound);
  // Page requests only (both pass anything else on): a plain form post's message for the page it redirected
  // to, and answers kept while logged out taken in once logged in, before the routing guard looks at them.
  app.use(readFlash(services));
  app.use(takeKeptAnswersAtLogin(services));
  // The dev server's pages change as their files are edited: no kept shells there (ADR 0300).
  app.use(pageRenderer(services, { keepStudentShells: !options.vite }));
  app.use(errorHandler(services));
  return app;
}
