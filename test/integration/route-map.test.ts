import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { ROOT } from '../helpers/paths.js';
import { createLogger } from '../../platform/logger.server.js';
import { routeTable } from '../../server/routes.server.js';
import type { RouteRow } from '../../server/route-rows.server.js';
import { formDefinition } from '../../form/definition.js';
import { AUTH_CARDS } from '../../contracts/auth-cards.js';
import { PAGE_ROUTES } from '../../contracts/routes.js';

const lines: string[] = [];
let ctx: TestContext;
let rows: RouteRow[];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  ctx = await createTestApp({ logger: createLogger('info', sink) });
  rows = routeTable(ctx.services).filter((row): row is RouteRow => row.kind === 'route');
});

afterAll(async () => {
  await ctx?.close();
});

/** The request log's line for one request id: which map row answered it (res.route) and how. */
function logged(id: string): { res?: { statusCode: number; route?: string } } | undefined {
  return lines
    .map((line) => JSON.parse(line) as { req?: { id?: string }; res?: { statusCode: number; route?: string } })
    .find((entry) => entry.req?.id === id && entry.res);
}

/** A concrete URL for a row's path: any uuid for :id, a document question for :key. */
function concrete(path: string): string {
  return path.replace(':id', '00000000-0000-4000-8000-000000000000').replace(':key', 'transcript');
}

async function send(method: string, url: string, id: string) {
  const agent = request(ctx.app);
  const req = agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url)
    .set('X-Request-Id', id)
    .set('Origin', ctx.config.publicUrl);
  return method === 'GET' ? req : req.send({});
}

/** Waits until pino has written the request's log line (it logs when the response has finished). */
async function waitForLog(id: string) {
  for (let i = 0; i < 100 && !logged(id); i++) await new Promise((resolve) => setImmediate(resolve));
  return logged(id);
}

describe('the route map (server/routes.server.ts) and the app agree', () => {
  it('every row of the map is the route that answers its own method and path', async () => {
    expect(rows.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const [index, row] of rows.entries()) {
      const id = `route-map-${index}-${row.method}`;
      const res = await send(row.method, concrete(row.path), id);
      const entry = await waitForLog(id);
      if (entry?.res?.route !== `${row.method} ${row.path}`)
        wrong.push(`${row.method} ${row.path} → ${res.status}, answered by ${entry?.res?.route ?? 'no route'}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a path under /api that the map does not list is the API 404, not a page', async () => {
    const res = await send('GET', '/api/no-such-call', 'route-map-unknown-api');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.' });
    expect((await waitForLog('route-map-unknown-api'))?.res?.route).toBeUndefined();
    const post = await send('POST', '/integration/v1/no-such-call', 'route-map-unknown-integration');
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ message: 'Not found.' });
  });

  it('lists a plain form post for every form page and every auth card', () => {
    const posts = new Set(rows.filter((row) => row.method === 'POST').map((row) => row.path));
    for (const page of formDefinition().pages) expect(posts).toContain(page.path);
    for (const card of Object.values(AUTH_CARDS)) expect(posts).toContain(card.path);
  });

  it("names every vike page in the map's summary", () => {
    const source = readFileSync(join(ROOT, 'server', 'routes.server.ts'), 'utf8');
    const summary = source.slice(source.indexOf('Pages (vike'), source.indexOf('Guards ('));
    for (const page of PAGE_ROUTES) expect(summary).toMatch(new RegExp(`${page}(\\s|$)`));
  });
});
