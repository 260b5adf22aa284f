import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { ConfigError, loadConfig } from '../../platform/config.server.js';
import { IP_LIMITS } from '../../server/auth/limits.server.js';
import { TEST_TMP } from '../helpers/paths.js';

/**
 * Issue 13 items 9 and 10, over real sockets: the app listens on every interface and is called through this
 * machine's own non-loopback address, as a load balancer on the network would call it.
 * 9: TRUST_PROXY names the load balancer, so visitors keep their own addresses (on main `trust proxy` was
 *    fixed to loopback: every visitor behind a real load balancer shared one address and one per-IP limit).
 * 10: GET /readyz tells the network only ok / not ok; the checks' details (hosts, ports) only to loopback.
 */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

async function listen(ctx: TestContext): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = ctx.app.listen(0, '0.0.0.0', () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}

let behindLb: TestContext;
let plain: TestContext;
let servers: Server[] = [];
let lbPort: number;
let plainPort: number;

beforeAll(async () => {
  if (!lanAddress) throw new Error('this test needs a non-loopback IPv4 address on the machine (a network interface)');
  behindLb = await createTestApp({ env: { TRUST_PROXY: `${lanAddress}/32` } });
  plain = await createTestApp({ db: behindLb.db });
  const a = await listen(behindLb);
  const b = await listen(plain);
  servers = [a.server, b.server];
  lbPort = a.port;
  plainPort = b.port;
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  await behindLb.close();
});

const forgot = (port: number, visitor: string, n: number) =>
  fetch(`http://${lanAddress}:${port}/public/forgot-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': visitor },
    body: JSON.stringify({ username: `visitor${n}-${port}@example.edu` }),
  });

describe('TRUST_PROXY', () => {
  it('names the load balancer: each visitor behind it has its own per-IP limit', async () => {
    const over = IP_LIMITS.forgot.max + 1;
    const statuses: number[] = [];
    for (let i = 0; i < over; i++) statuses.push((await forgot(lbPort, `198.51.100.${i + 1}`, i)).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  });

  it('unset (loopback only), a forwarded address from elsewhere is not believed', async () => {
    const over = IP_LIMITS.forgot.max + 1;
    const statuses: number[] = [];
    for (let i = 0; i < over; i++) statuses.push((await forgot(plainPort, `203.0.113.${i + 1}`, i)).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it.each([
    ['1', 1],
    ['10.0.0.0/8, loopback', ['10.0.0.0/8', 'loopback']],
    ['fd00::/8', ['fd00::/8']],
  ])('accepts %s', (value, expected) => {
    expect(loadConfig({ DATA_DIR: TEST_TMP, TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', '*', '10.0.0.0/99', 'my-load-balancer'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ DATA_DIR: TEST_TMP, TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: TEST_TMP, TRUST_PROXY: value })).toThrow(/^Invalid configuration: TRUST_PROXY:/);
  });
});

describe('GET /readyz', () => {
  it('tells a caller on the network only ok or not ok, even one whose X-Forwarded-For says loopback', async () => {
    for (const headers of [{}, { 'X-Forwarded-For': '127.0.0.1' }] as Array<Record<string, string>>) {
      const res = await fetch(`http://${lanAddress}:${lbPort}/readyz`, { headers });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
    }
  });

  it('gives the details to a caller on the machine itself', async () => {
    const res = await fetch(`http://127.0.0.1:${lbPort}/readyz`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { checks?: Record<string, string> };
    expect(body.checks?.database).toBe('ok');
  });
});
