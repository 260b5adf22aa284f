import { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import type { AppServices } from '../platform/app-services.server.js';
import { fromLocalOperator } from './lookup/admin-import.server.js';
import { requireUser } from './auth/session.server.js';
import { requireServiceUser } from './service/service-mode.server.js';
import { requireStaff } from './staff/routes.server.js';
import { requireClient } from './integration/routes.server.js';
import { requireFamily } from './family/family-session.server.js';

/*
 * The route map's rows and how they are mounted: server/routes.server.ts lists every row; this file turns a row's
 * guard name into its middleware and the table into one Express router per first path segment.
 */

export type GuardName = 'visitor' | 'student' | 'signed' | 'serviceLink' | 'staff' | 'integrationClient' | 'loopback' | 'family';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Handlers declare the path parameters they read (RequestHandler<{ id: string }>); the row's path supplies them. */
type Stack = Array<RequestHandler<any> | ErrorRequestHandler<any>>;

export interface RouteRow {
  kind: 'route';
  method: Method;
  path: string;
  guard: GuardName;
  /** Per-route middleware (body parser, rate limit), then the handler, then any error handler of its own. */
  stack: Stack;
}

/** Middleware for every request under a prefix (body parsing, caching), mounted where it stands in the table. */
export interface PrefixRow {
  kind: 'prefix';
  prefix: string;
  stack: RequestHandler[];
}

export type Row = RouteRow | PrefixRow;

export const route = (method: Method, path: string, guard: GuardName, ...stack: Stack): RouteRow => ({
  kind: 'route',
  method,
  path,
  guard,
  stack,
});
export const prefix = (path: string, ...stack: RequestHandler[]): PrefixRow => ({ kind: 'prefix', prefix: path, stack });

const visitor: RequestHandler = (_req, _res, next) => next();
const loopback: RequestHandler = (req, _res, next) => (fromLocalOperator(req) ? next() : next('route'));

/** res.locals.route: the row that answered ("GET /api/profile"), for the request log. */
declare global {
  namespace Express {
    interface Locals {
      route?: string;
    }
  }
}

/** The first segment of a path ("/api/answer" → "api"), as the table's rows are grouped by it (case-insensitive, as Express routes). */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

/**
 * The table as Express routers, one per first path segment, in the table's order within each: a request only
 * walks the rows that can answer it (a page request none of them, where one router walked all 82 rows' patterns
 * and cost about 15 % of a cached page's CPU). Every row's first segment is literal, so no request can match a
 * row of another group.
 */
export function routesRouter(services: AppServices, rows: Row[]): RequestHandler {
  const guards: Record<GuardName, RequestHandler> = {
    visitor,
    signed: visitor,
    student: requireUser,
    serviceLink: requireServiceUser,
    staff: requireStaff(services),
    integrationClient: requireClient(services),
    loopback,
    family: requireFamily(services),
  };
  const routers = new Map<string, Router>();
  const routerFor = (path: string) => {
    const segment = firstSegment(path);
    if (!/^[a-z0-9._-]+$/.test(segment)) throw new Error(`route map: ${path} must start with a literal segment`);
    let router = routers.get(segment);
    if (!router) routers.set(segment, (router = Router()));
    return router;
  };
  for (const row of rows) {
    if (row.kind === 'prefix') {
      routerFor(row.prefix).use(row.prefix, ...row.stack);
      continue;
    }
    const name = `${row.method} ${row.path}`;
    const mark: RequestHandler = (_req, res, next) => {
      res.locals.route = name;
      next();
    };
    const method = row.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    routerFor(row.path)[method](row.path, mark, guards[row.guard], ...(row.stack as RequestHandler[]));
  }
  return (req, res, next) => {
    const router = routers.get(firstSegment(req.path));
    if (!router) return next();
    router(req, res, next);
  };
}
