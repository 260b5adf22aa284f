import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLogger } from '../../platform/logger.server.js';
import { startWorkerMetrics } from '../../server/observability/worker-metrics.server.js';
import { testConfig } from '../helpers/config.js';

/**
 * Issue 35 finding 11: /metrics and /readyz's details trusted a loopback peer unless one of five forwarding headers
 * was there, and a plain proxy_pass adds none of them; with METRICS_TOKEN set, a loopback peer still read /metrics
 * without it; the worker's metrics port listened on every interface.
 */
const TOKEN = 'a-scraper-token-of-24-chars-at-least';
let open: TestContext;
let guarded: TestContext;
beforeAll(async () => {
  open = await createTestApp();
  guarded = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
});

const RELAY_HEADERS: Array<[string, string]> = [
  ['Via', '1.1 nginx'],
  ['X-Real-IP', '203.0.113.9'],
  ['X-Forwarded-Proto', 'https'],
  ['X-Forwarded-Port', '443'],
  ['True-Client-IP', '203.0.113.9'],
  ['CF-Connecting-IP', '203.0.113.9'],
  ['X-Client-IP', '203.0.113.9'],
  ['Client-IP', '203.0.113.9'],
  ['X-Cluster-Client-IP', '203.0.113.9'],
  ['Fastly-Client-IP', '203.0.113.9'],
];

describe('without METRICS_TOKEN', () => {
  it('shows /metrics and /readyz details to a direct loopback caller', async () => {
    expect((await request(open.app).get('/metrics')).status).toBe(200);
    expect((await request(open.app).get('/readyz')).body.checks).toBeDefined();
  });

  it.each(RELAY_HEADERS)('hides /metrics (404) and /readyz details from a loopback request relayed with %s', async (header, value) => {
    const metrics = await request(open.app).get('/metrics').set(header, value);
    expect(metrics.status).toBe(404);
    expect(metrics.text).not.toContain('fa_');
    const ready = await request(open.app).get('/readyz').set(header, value);
    expect(Object.keys(ready.body)).toEqual(['status']);
  });
});

describe('with METRICS_TOKEN set', () => {
  it('refuses a loopback caller without the token, and lets in one presenting it', async () => {
    const bare = await request(guarded.app).get('/metrics');
    expect(bare.status).toBe(404);
    expect(bare.text).not.toContain('fa_');
    const scraper = await request(guarded.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(scraper.status).toBe(200);
    expect(scraper.text).toContain('fa_http_requests_total');
  });
});

describe("the worker's metrics port", () => {
  it('listens on 127.0.0.1 unless METRICS_HOST names another address', async () => {
    const config = testConfig({ METRICS_PORT: '9464' });
    expect(config.metrics.workerHost).toBe('127.0.0.1');
    const server = startWorkerMetrics(config.metrics, open.db.knex, createLogger('silent'), 0);
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
    } finally {
      server.close();
    }
  });
});
