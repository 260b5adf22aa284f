import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { staffCookie, submitAs } from '../helpers/staff.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';

const SECRET = 'whsec-test-0123456789abcdef';
const STAFF = 'desk@admissions.example.edu';

interface Delivery {
  headers: IncomingMessage['headers'];
  body: string;
  answered: number;
}

/** A webhook receiver on loopback: answers each delivery with the next status of `plan` (then 200). */
class Receiver {
  deliveries: Delivery[] = [];
  plan: number[] = [];
  private server: Server | null = null;
  private waiters: Array<() => void> = [];
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const answered = this.plan.shift() ?? 200;
        this.deliveries.push({ headers: req.headers, body, answered });
        res.statusCode = answered;
        res.end();
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /** Resolves when a delivery satisfying `test` has arrived. */
  async until(test: (d: Delivery[]) => boolean): Promise<void> {
    while (!test(this.deliveries)) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  of(eventId: string): Delivery[] {
    return this.deliveries.filter((d) => d.headers['x-fa-event-id'] === eventId);
  }
}

/** The verification recipe of docs/operations.md (Integrations), as a receiver would write it. */
function verifies(secret: string, delivery: Delivery, nowSeconds: number): boolean {
  const timestamp = String(delivery.headers['x-fa-timestamp']);
  const given = String(delivery.headers['x-fa-signature']).replace(/^v1=/, '');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex');
  const fresh = Math.abs(nowSeconds - Number(timestamp)) <= 300;
  return fresh && given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

let ctx: TestContext;
const receiver = new Receiver();

async function eventOf(userId: string) {
  return ctx.db.knex('webhook_events').where({ user_id: userId }).first();
}

async function waitForRow(userId: string, test: (row: { status: string; attempts: number }) => boolean): Promise<void> {
  // The job runs in this process; poll the row (no fixed sleep: each check is a query).
  for (;;) {
    const row = await eventOf(userId);
    if (row && test(row)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  await receiver.start();
  ctx = await createTestApp({
    queue: 'workers',
    env: {
      WEBHOOK_URL: `http://127.0.0.1:${receiver.port}/hooks/admissions`,
      WEBHOOK_SECRET: SECRET,
      CHROMIUM_PATH: '/nonexistent/chromium',
      STAFF_EMAILS: STAFF,
    },
  });
  ctx.services.webhookRetry = { delaySeconds: 1 };
});
afterAll(async () => {
  await ctx.close();
  await receiver.stop();
});

describe('submission webhooks', () => {
  it('are written with the submission, delivered once after two refusals, and signed', async () => {
    const user = await createLoggedInUser(ctx);
    receiver.plan = [503, 500];
    await submitAs(ctx, user.cookie, COMPLETE_ANSWERS);
    const row = await eventOf(user.id);
    expect(row).toBeDefined();
    const eventId = `evt_${row.id}`;
    await receiver.until(() => receiver.of(eventId).some((d) => d.answered === 200));
    await waitForRow(user.id, (r) => r.status === 'delivered');
    const deliveries = receiver.of(eventId);
    expect(deliveries.map((d) => d.answered)).toEqual([503, 500, 200]);
    expect(new Set(deliveries.map((d) => d.body)).size).toBe(1);
    const accepted = deliveries[2]!;
    expect(accepted.headers['content-type']).toBe('application/json');
    expect(verifies(SECRET, accepted, Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifies('another-secret-of-the-same-size', accepted, Math.floor(Date.now() / 1000))).toBe(false);
    const tampered = { ...accepted, body: accepted.body.replace(user.id, '00000000-0000-0000-0000-000000000000') };
    expect(verifies(SECRET, tampered, Math.floor(Date.now() / 1000))).toBe(false);
    const payload = JSON.parse(accepted.body);
    expect(payload).toMatchObject({ id: eventId, type: 'application.submitted', data: { application_id: user.id } });
    // The payload names the application; no answer travels in it.
    expect(accepted.body).not.toContain(String(COMPLETE_ANSWERS.last_name));
    expect((await eventOf(user.id)).attempts).toBe(3);
  });

  it('loses nothing when the receiver is down during the submission', async () => {
    const port = receiver.port;
    await receiver.stop();
    const user = await createLoggedInUser(ctx);
    await submitAs(ctx, user.cookie, COMPLETE_ANSWERS);
    await waitForRow(user.id, (r) => r.attempts >= 1);
    expect((await eventOf(user.id)).last_error).toMatch(/could not be reached/);
    await receiver.start(port);
    const eventId = `evt_${(await eventOf(user.id)).id}`;
    await receiver.until(() => receiver.of(eventId).length > 0);
    await waitForRow(user.id, (r) => r.status === 'delivered');
    expect(receiver.of(eventId).map((d) => d.answered)).toEqual([200]);
  });

  it('lists a delivery that gave up for staff, who can retry it', async () => {
    ctx.services.webhookRetry = { delaySeconds: 1, limit: 1 };
    const user = await createLoggedInUser(ctx);
    receiver.plan = [500, 500];
    await submitAs(ctx, user.cookie, COMPLETE_ANSWERS);
    await waitForRow(user.id, (r) => r.status === 'failed');
    ctx.services.webhookRetry = { delaySeconds: 1 };
    const row = await eventOf(user.id);
    const staff = await staffCookie(ctx, STAFF);
    const list = await request(ctx.app).get('/staff/webhooks').set('Cookie', staff);
    expect(list.status).toBe(200);
    expect(list.text).toContain(`Retry evt_${row.id}`);
    expect(list.text).toContain('The receiver answered 500.');
    const retry = await request(ctx.app).post(`/staff/webhooks/${row.id}/retry`).set('Cookie', staff);
    expect(retry.status).toBe(303);
    await waitForRow(user.id, (r) => r.status === 'delivered');
    expect(receiver.of(`evt_${row.id}`).map((d) => d.answered)).toEqual([500, 500, 200]);
    const audit = await request(ctx.app).get('/staff/audit').set('Cookie', staff);
    expect(audit.text).toContain('retry-webhook');
  });
});
