import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { staffCookie } from '../helpers/staff.js';
import { bothDatabases } from './databases.js';
import { LEAD, applicantWith, auditOf, eventsOf, postReply, postWaiver, startReplyApp } from '../integration/replies-setup.js';
import { REPLY_MESSAGES } from '../../domain/after-submission/reply-rules.js';

const ROUNDS = 8;
const WRITERS = 6;

/**
 * Issue 39: what is decided once stays decided under concurrent writers. Replies made from the same page (version
 * 0) race: exactly one is stored, the others are refused as stale (409), and the audit and the webhook say what is
 * stored. Two leads answering one waiver request at once: one answer stands, the other is refused (409).
 */
describe.each(bothDatabases())('%s: concurrent replies and waiver decisions', (_kind, open) => {
  it(`${WRITERS} replies from one page at once, ${ROUNDS} rounds: one stored, the rest 409, and everything says what is stored`, async () => {
    const ctx: TestContext = await startReplyApp({ db: await open() });
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const user = await applicantWith(ctx, 'admit');
        const answers = await Promise.all(
          Array.from({ length: WRITERS }, (_, i) => postReply(ctx, user, { answer: i % 2 === 0 ? 'enroll' : 'decline', version: '0' })),
        );
        const statuses = answers.map((r) => r.status).sort();
        expect(statuses).toEqual([303, ...Array(WRITERS - 1).fill(409)]);
        for (const res of answers.filter((r) => r.status === 409)) expect(res.text).toContain(REPLY_MESSAGES.stale);
        const stored = await ctx.db.knex('enrollment_replies').where({ user_id: user.id }).first();
        expect(stored.version).toBe(1);
        const winner = answers.findIndex((r) => r.status === 303);
        expect(stored.answer).toBe(winner % 2 === 0 ? 'enroll' : 'decline');
        expect((await auditOf(ctx, user.id, 'reply-recorded')).map((a) => a.detail.answer)).toEqual([stored.answer]);
        expect((await eventsOf(ctx, user.id)).map((e) => e.data.reply.answer)).toEqual([stored.answer]);
      }
    } finally {
      await ctx.close();
    }
  }, 300_000);

  it(`two leads approve and decline one waiver at once, ${ROUNDS} rounds: one answer stands, the other is refused`, async () => {
    const ctx: TestContext = await startReplyApp({ db: await open() });
    try {
      const lead = await staffCookie(ctx, LEAD);
      for (let round = 0; round < ROUNDS; round += 1) {
        const user = await applicantWith(ctx, 'admit');
        await postReply(ctx, user, { answer: 'enroll', version: '0' }).expect(303);
        await postWaiver(ctx, user, 'We cannot pay the deposit this spring.').expect(303);
        const decide = (decision: string) =>
          request(ctx.app).post(`/staff/applications/${user.id}/deposit-waiver`).set('Cookie', lead).type('form').send({ decision });
        const [approve, decline] = await Promise.all([decide('approve'), decide('decline')]);
        expect([approve.status, decline.status].sort()).toEqual([303, 409]);
        const stored = await ctx.db.knex('enrollment_replies').where({ user_id: user.id }).first();
        expect(stored.waiver_status).toBe(approve.status === 303 ? 'approved' : 'declined');
        const audited = [
          ...(await auditOf(ctx, user.id, 'deposit-waiver-approved')),
          ...(await auditOf(ctx, user.id, 'deposit-waiver-declined')),
        ];
        expect(audited).toHaveLength(1);
        expect((await eventsOf(ctx, user.id, 'deposit.waiver_decided')).map((e) => e.data.status)).toEqual([stored.waiver_status]);
      }
    } finally {
      await ctx.close();
    }
  }, 300_000);
});
