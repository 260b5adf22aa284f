import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ROOT } from '../helpers/paths.js';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';

let ctx: TestContext;

beforeAll(async () => {
  await loadVikeBuild();
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('routing (§2)', () => {
  it('redirects an unknown path to /about keeping the query string', async () => {
    const res = await request(ctx.app).get('/foo?x=1');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/about?x=1');
  });

  it('redirects / to /about', async () => {
    const res = await request(ctx.app).get('/');
    expect(res.headers.location).toBe('/about');
  });

  it('renders /about inside the form shell with the three steps', async () => {
    const res = await request(ctx.app).get('/about');
    expect(res.status).toBe(200);
    expect(res.text).toContain('Freshman Application');
    for (const step of ['1. About you', '2. Your academics', '3. Final steps']) expect(res.text).toContain(step);
  });
});

describe('security headers', () => {
  it('sends a CSP with a per-request nonce, no unsafe-inline for scripts, and frame-ancestors none', async () => {
    const a = await request(ctx.app).get('/about');
    const b = await request(ctx.app).get('/about');
    const csp = a.headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9_-]{16,}'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(b.headers['content-security-policy']).not.toBe(csp);
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1];
    for (const tag of a.text.match(/<script[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  });
});

describe('built assets (server/static-assets.server.ts)', () => {
  it("answers the page's scripts in the smallest accepted encoding compressed at build time, with only the headers a script needs", async () => {
    const page = await request(ctx.app).get('/about');
    const entry = /<script[^>]*src="(\/assets\/[^"]+\.js)"/.exec(page.text)![1]!;
    // The entry imports the chunk that hydrates the islands: big enough that brotli beats gzip beats identity.
    const chunk = /from"\.\.\/chunks\/([^"]+\.js)"/.exec(readFileSync(join(ROOT, 'dist/client', entry), 'utf8'))![1]!;
    const file = readFileSync(join(ROOT, 'dist/client/assets/chunks', chunk));
    const server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets/chunks/${chunk}`;
    try {
      const encodingFor = async (acceptEncoding: string) => {
        const res = await fetch(url, { headers: { 'Accept-Encoding': acceptEncoding } });
        // fetch decodes the body: what arrives is the file itself, whatever the encoding.
        expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
        expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
        expect(res.headers.get('cache-control')).toContain('immutable');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        // A document's headers are not repeated on every script (Lighthouse counts their bytes).
        expect(res.headers.get('content-security-policy')).toBeNull();
        return res.headers.get('content-encoding');
      };
      // Browsers list gzip first; the server prefers brotli all the same.
      expect(await encodingFor('gzip, deflate, br, zstd')).toBe('br');
      expect(await encodingFor('gzip, deflate')).toBe('gzip');
      expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
      expect(await encodingFor('identity')).toBeNull();
      // Answered before the request log, still counted by the request metrics under their route.
      const metrics = await fetch(new URL('/metrics', url));
      expect(await metrics.text()).toMatch(/http_requests_total\{[^}]*route="\/assets\/\*"/);
    } finally {
      server.close();
    }
  });
});

describe('page compression (server/page-encoding.server.ts)', () => {
  it('sends a page compressed in the encoding the browser takes, brotli first, with its length and Vary', async () => {
    const server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/about`;
      const pageFor = (acceptEncoding: string, method = 'GET') =>
        // node:http, not fetch: fetch would decode the body and hide what came over the wire.
        new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
          httpRequest(url, { method, headers: { 'accept-encoding': acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
            .on('error', reject)
            .end();
        });
      const br = await pageFor('gzip, deflate, br, zstd');
      expect(br.headers['content-encoding']).toBe('br');
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(br.body).toString()).toMatch(/^<!doctype html>[\s\S]*1\. About you[\s\S]*<\/html>$/);
      const gzip = await pageFor('gzip, deflate');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toContain('1. About you');
      expect((await pageFor('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
      const plain = await pageFor('identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
      expect(plain.body.toString()).toContain('1. About you');
      // A HEAD answers the identity length without compressing anything.
      const head = await pageFor('gzip', 'HEAD');
      expect(head.headers['content-encoding']).toBeUndefined();
      expect(Number(head.headers['content-length'])).toBeGreaterThan(plain.body.length / 2);
    } finally {
      server.close();
    }
  });
});

describe('API errors', () => {
  it('answers malformed JSON with 400 JSON, never 500', async () => {
    const res = await request(ctx.app).post('/public/login').set('Content-Type', 'application/json').send('{"username": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers an oversize JSON body with 413', async () => {
    const res = await request(ctx.app)
      .put('/api/answer')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ first_name: 'x'.repeat(400 * 1024) }));
    expect(res.status).toBe(413);
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses a state-changing request from another origin with 403', async () => {
    const res = await request(ctx.app).post('/public/login').set('Origin', 'https://evil.example').send({});
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/another site/);
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const res = await request(ctx.app).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.' });
  });
});

describe('health', () => {
  it('/healthz says the process is alive', async () => {
    const res = await request(ctx.app).get('/healthz');
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('/readyz reports each dependency', async () => {
    const res = await request(ctx.app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.checks.database).toBe('ok');
    expect(Object.keys(res.body.checks).sort()).toEqual(['chromium', 'database', 'libreoffice', 'objectStore']);
  });

  it('/readyz names CHROMIUM_PATH when Chromium is missing', async () => {
    const other = await createTestApp({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
    try {
      const res = await request(other.app).get('/readyz');
      expect(res.body.checks.chromium).toMatch(/CHROMIUM_PATH/);
    } finally {
      await other.close();
    }
  });
});
