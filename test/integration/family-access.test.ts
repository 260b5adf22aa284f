import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { captureMailer } from '../helpers/smtp.js';
import { createLoggedInUser } from '../helpers/users.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { FAMILY_MESSAGES, MAX_FAMILY_MEMBERS } from '../../contracts/family.js';
import { afterSubmissionHelpers, startAfterSubmission } from './after-submission-setup.js';
import { eraseApplicant } from '../../domain/account/erase.server.js';
import { INVITATIONS_PER_DAY } from '../../server/family/family-invitations.server.js';
import { familyHelpers } from './family-helpers.js';

let ctx: TestContext;
const mail = captureMailer();
let key: string;

beforeAll(async () => {
  ({ ctx, key } = await startAfterSubmission(mail));
}, 60_000);
afterAll(() => ctx?.close());

const { submitted } = afterSubmissionHelpers(() => ctx);
const { invite, signIn, status, invitationTo } = familyHelpers(() => ctx, mail);

const audit = (userId: string, action: string) =>
  ctx.db.knex('staff_audit').where({ user_id: userId, action }).select('staff_email', 'detail', 'ip');

describe('the applicant invites family members (issue 39)', () => {
  it('invites by name and address: an e-mail without a sign-in link, the person listed on /family and /completion, audited', async () => {
    const { user } = await submitted();
    const res = await invite(user, 'Rosa Lopez', 'Rosa.Lopez@Example.net');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/family');
    const invitation = invitationTo('rosa.lopez@example.net')!;
    expect(invitation.text).toContain('“Maria Lopez”');
    expect(invitation.text).toContain('/family/sign-in');
    expect(invitation.text).not.toMatch(/token|code is/i);
    const page = await request(ctx.app).get('/family').set('Cookie', user.cookie).expect(200);
    expect(page.text).toContain('Rosa Lopez');
    expect(page.text).toContain('Has not signed in yet.');
    const completion = await request(ctx.app).get('/completion').set('Cookie', user.cookie).expect(200);
    expect(completion.text).toContain('Family access');
    expect(completion.text).toContain('invited, has not signed in yet');
    expect(await audit(user.id, 'family-invited')).toHaveLength(1);
  });

  it(`refuses a fourth person, the same address twice, the applicant's own address, a malformed one, and anyone before submitting`, async () => {
    const { user } = await submitted();
    for (let i = 1; i <= MAX_FAMILY_MEMBERS; i++) expect((await invite(user, `Person ${i}`, `person${i}@example.net`)).status).toBe(303);
    const fourth = await invite(user, 'Person 4', 'person4@example.net');
    expect(fourth.status).toBe(409);
    expect(fourth.text).toContain(FAMILY_MESSAGES.limit);
    const again = await invite(user, 'Again', 'PERSON1@example.net');
    expect(again.status).toBe(409);
    expect(again.text).toContain(FAMILY_MESSAGES.duplicate);
    expect(await ctx.db.knex('family_members').where({ user_id: user.id })).toHaveLength(MAX_FAMILY_MEMBERS);

    const other = await submitted();
    const own = await invite(other.user, 'Me', other.user.username);
    expect(own.status).toBe(400);
    expect(own.text).toContain(FAMILY_MESSAGES.ownAddress);
    const malformed = await invite(other.user, 'Someone', 'not an address');
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain(FAMILY_MESSAGES.emailInvalid);
    expect((await invite(other.user, '', 'a@example.net')).text).toContain(FAMILY_MESSAGES.nameMissing);

    const unsubmitted = await createLoggedInUser(ctx);
    await request(ctx.app).put('/api/answer').set('Cookie', unsubmitted.cookie).send(COMPLETE_ANSWERS).expect(200);
    const early = await invite(unsubmitted, 'Too Early', 'early@example.net');
    expect(early.status).toBe(409);
    expect(early.text).toContain(FAMILY_MESSAGES.notSubmitted);
    expect((await request(ctx.app).get('/family').set('Cookie', unsubmitted.cookie).expect(200)).text).toContain(
      FAMILY_MESSAGES.notSubmitted,
    );
    // Without a session the post is refused and the page sends the visitor to log in.
    expect(
      (await request(ctx.app).post('/family/invite').type('form').send({ family_name: 'x', family_email: 'x@example.net' })).status,
    ).toBe(401);
    expect((await request(ctx.app).get('/family')).headers.location).toBe('/login');
  });
  it(`sends at most ${INVITATIONS_PER_DAY.max} invitations a day, however often people are removed in between`, async () => {
    const { user } = await submitted();
    for (let i = 0; i < INVITATIONS_PER_DAY.max; i++) {
      await invite(user, `Person ${i}`, `cycle${i}@example.net`).expect(303);
      const row = (await ctx.db.knex('family_members').where({ user_id: user.id }).first('id')) as { id: string };
      await request(ctx.app).post('/family/remove').set('Cookie', user.cookie).type('form').send({ member: row.id }).expect(303);
    }
    const refused = await invite(user, 'One more', 'cycle-last@example.net');
    expect(refused.status).toBe(429);
    expect(refused.text).toContain(FAMILY_MESSAGES.tooManyInvitations);
    expect(invitationTo('cycle-last@example.net')).toBeUndefined();
  });
});

describe('a family member reads the status and loses it the moment they are removed', () => {
  it('signs in with a code, reads the checklist and the released decision, is audited; removal ends the session at once', async () => {
    const { user, reference } = await submitted();
    await invite(user, 'Rosa Lopez', 'rosa@example.org').expect(303);
    const cookie = await signIn('rosa@example.org');
    const first = await status(cookie).expect(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.text).toContain('Application status of Maria Lopez');
    expect(first.text).toMatch(/Requested from the high school counselor on /);
    expect(first.text).toMatch(/expected by [A-Z]/);
    expect(first.text).not.toContain('pat.counselor@alta.example.org');

    const letter = 'Dear Maria,\n\nWe are delighted to offer you admission.';
    const put = await request(ctx.app)
      .put(`/integration/v1/applications/${reference}/decision`)
      .set('Authorization', `Bearer ${key}`)
      .send({ decision: 'admit', letter, release: true });
    expect(put.status).toBe(200);
    const released = await status(cookie).expect(200);
    expect(released.text).toContain('Maria Lopez is admitted.');
    expect(released.text).toContain('We are delighted to offer you admission.');
    // The reply to the offer, in words, without the college named instead.
    await request(ctx.app)
      .post('/completion/reply')
      .set('Cookie', user.cookie)
      .type('form')
      .send({ answer: 'decline', college: 'Zyx Secret College', version: '0' })
      .expect(303);
    const replied = (await status(cookie).expect(200)).text.replaceAll('<!-- -->', '');
    expect(replied).toMatch(/Will not enroll \(replied on [A-Z][a-z]+ \d+, \d{4}\)\./);
    expect(replied).not.toContain('Zyx Secret College');

    expect((await audit(user.id, 'family-sign-in')).map((r) => r.staff_email)).toEqual(['family:rosa@example.org']);
    expect(await audit(user.id, 'family-view')).toHaveLength(3);
    const page = await request(ctx.app).get('/family').set('Cookie', user.cookie).expect(200);
    expect(page.text).toMatch(/Signed in last on [A-Z]/);

    const member = (await ctx.db.knex('family_members').where({ user_id: user.id }).first('id')) as { id: string };
    const removed = await request(ctx.app).post('/family/remove').set('Cookie', user.cookie).type('form').send({ member: member.id });
    expect(removed.status).toBe(303);
    const after = await status(cookie);
    expect(after.status).toBe(303);
    expect(after.headers.location).toBe('/family/sign-in?ended=1');
    expect(await ctx.db.knex('family_sessions').where({ email: 'rosa@example.org' })).toHaveLength(0);
    expect(await audit(user.id, 'family-removed')).toHaveLength(1);
    // Another applicant's invitation cannot be removed: the id is scoped to the applicant.
    const other = await submitted();
    await invite(other.user, 'Rosa Lopez', 'rosa@example.org').expect(303);
    const theirs = (await ctx.db.knex('family_members').where({ user_id: other.user.id }).first('id')) as { id: string };
    await request(ctx.app).post('/family/remove').set('Cookie', user.cookie).type('form').send({ member: theirs.id }).expect(303);
    expect(await ctx.db.knex('family_members').where({ id: theirs.id })).toHaveLength(1);
  });

  it('an address several applicants invited reads each of them; one removal leaves the others', async () => {
    const a = await submitted({ ...COMPLETE_ANSWERS, first_name: 'Ana', last_name: 'Reyes' });
    const b = await submitted({ ...COMPLETE_ANSWERS, first_name: 'Ben', last_name: 'Reyes' });
    await invite(a.user, 'Parent', 'reyes.parent@example.org').expect(303);
    await invite(b.user, 'Parent', 'reyes.parent@example.org').expect(303);
    const cookie = await signIn('reyes.parent@example.org');
    const both = await status(cookie).expect(200);
    expect(both.text).toContain('Ana Reyes');
    expect(both.text).toContain('Ben Reyes');
    const member = (await ctx.db.knex('family_members').where({ user_id: a.user.id }).first('id')) as { id: string };
    await request(ctx.app).post('/family/remove').set('Cookie', a.user.cookie).type('form').send({ member: member.id }).expect(303);
    const one = await status(cookie).expect(200);
    expect(one.text).not.toContain('Ana Reyes');
    expect(one.text).toContain('Application status of Ben Reyes');
  });

  it('purging the application (retention) takes its invitations and the sessions they kept alive; the family reads stay, pseudonymised', async () => {
    const { user } = await submitted();
    await invite(user, 'Rosa Lopez', 'purged.parent@example.org').expect(303);
    const cookie = await signIn('purged.parent@example.org');
    await status(cookie).expect(200);
    const outcome = await eraseApplicant(
      ctx.services,
      user.id,
      { at: ctx.services.now(), staff_email: 'retention', action: 'retention-purge', ip: null },
      { unsubmittedOnly: false },
    );
    expect(outcome).toBe('erased');
    expect(await ctx.db.knex('family_members').where({ email: 'purged.parent@example.org' })).toHaveLength(0);
    expect(await ctx.db.knex('family_sessions').where({ email: 'purged.parent@example.org' })).toHaveLength(0);
    expect((await status(cookie)).headers.location).toBe('/family/sign-in?ended=1');
    const rows = await ctx.db.knex('staff_audit').where({ staff_email: 'family:purged.parent@example.org' }).select('action', 'user_id');
    expect(rows.map((r) => r.action).sort()).toEqual(['family-sign-in', 'family-view']);
    expect(rows.every((r) => r.user_id !== user.id && r.user_id !== null)).toBe(true);
    expect(
      await ctx.db.knex('staff_audit').whereIn('action', ['family-invited', 'family-removed']).where({ user_id: user.id }),
    ).toHaveLength(0);
  });
});
