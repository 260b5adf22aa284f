import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
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
