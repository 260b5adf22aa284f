import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type { TestContext } from '../helpers/app.js';
import { captureMailer } from '../helpers/smtp.js';
import { makePdf } from '../fixtures/documents.js';
import { sendAfterSubmissionMail } from '../../workers/jobs/after-submission-mail.server.js';
import type { ConvertDocumentData } from '../../platform/jobs/queues.js';
import { convertDocument } from '../../workers/jobs/convert-document.server.js';
import { COUNSELOR_LINK_DAYS } from '../../domain/after-submission/checklist.server.js';
import { COUNSELOR_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';
import { afterSubmissionHelpers, COUNSELOR, linkIn, startAfterSubmission } from './after-submission-setup.js';

let ctx: TestContext;
const mail = captureMailer();

beforeAll(async () => {
  ({ ctx } = await startAfterSubmission(mail));
}, 60_000);
afterAll(() => ctx?.close());

const { submitted, workMailJobs, reminderJobs, completion } = afterSubmissionHelpers(() => ctx);

describe('the counselor request', () => {
  it('is e-mailed at submission; the counselor page takes a PDF without an account; the checklist says received; reminders stop', async () => {
    const { user } = await submitted();
    const before = await completion(user);
    // React separates the translated texts around the address with empty comments (docs/i18n.md).
    expect(before.text.replace(/<!-- -->/g, '')).toContain('Requested from <strong>pat.counselor@alta.example.org</strong> on ');
    expect(before.text).toMatch(/Submitted on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M M[SD]T\./);
    expect(before.text).toMatch(/Expected by [A-Z][a-z]+ \d{1,2}, \d{4}\./);

    mail.messages.length = 0;
    expect(await workMailJobs()).toEqual(['sent']);
    expect(mail.messages).toHaveLength(1);
    const message = mail.messages[0]!;
    expect(message.to).toEqual([COUNSELOR]);
    // A fixed subject: the applicant's name is in the body only (issue 35).
    expect(message.subject).toBe(COUNSELOR_SUBJECT);
    expect(message.text).toContain('“Maria Lopez”');
    expect(message.text).toContain('Dear Pat Jones,');
    expect(message.text).toContain('at “Alta High School”');
    expect(message.text).toContain(ctx.config.contacts.officeEmail);
    expect(message.html).toContain('<a href="http');
    const token = linkIn(message);

    const page = await request(ctx.app).get(`/counselor/${token}`).expect(200);
    expect(page.text).toContain('<strong>Maria Lopez</strong>');
    expect(page.text).toContain('<strong>Alta High School</strong>');
    expect(page.text).toContain('This is not my student');
    expect(page.text).not.toContain('<script');

    const requestRow = await ctx.db.knex('counselor_requests').where({ user_id: user.id }).first();
    expect(requestRow.token_hash).not.toContain(token);
    expect(await reminderJobs(String(requestRow.id))).toHaveLength(2);

    const upload = await request(ctx.app)
      .post(`/counselor/${token}`)
      .attach('transcript', await makePdf(1), { filename: 'Maria transcript.pdf', contentType: 'application/pdf' });
    expect(upload.status).toBe(303);
    const doc = await ctx.db.knex('document_answers').where({ user_id: user.id, answer_key: 'counselor_transcript' }).first();
    expect(doc).toMatchObject({ status: 'UNPROCESSED', file_name: 'counselor-transcript.pdf' });
    const convertJobs = (
      await ctx.db.knex.raw(`select id, data from pgboss.job where name = 'convert-document' and data->>'userId' = ?`, [user.id])
    ).rows as Array<{ id: string; data: ConvertDocumentData }>;
    expect(convertJobs).toHaveLength(1);
    // Not received until the file has been through the conversion (a file nobody can read is no transcript).
    expect((await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).first()).status).toBe('requested');
    expect((await request(ctx.app).get(`/counselor/${token}`).expect(200)).text).toContain('We are checking the file.');
    await convertDocument(ctx.services, convertJobs[0]!.data, convertJobs[0]!.id);

    const after = await completion(user);
    expect(after.text).toContain('Received from your counselor on ');
    expect(after.text).not.toContain('Your counselor</h2>');
    expect((await request(ctx.app).get(`/counselor/${token}`).expect(200)).text).toContain('Transcript received');

    // The reminders' day comes: nothing goes out, because the transcript is here.
    mail.messages.length = 0;
    for (const job of await reminderJobs(String(requestRow.id)))
      expect(await sendAfterSubmissionMail(ctx.services, job.data)).toBe('skipped');
    expect(mail.messages).toHaveLength(0);
    expect((await ctx.db.knex('staff_audit').where({ user_id: user.id }).orderBy('id')).map((a) => [a.staff_email, a.action])).toEqual([
      ['counselor', 'counselor-viewed'],
      ['counselor', 'counselor-upload'],
      ['counselor', 'counselor-viewed'],
      ['counselor', 'transcript-received'],
      ['counselor', 'counselor-viewed'],
    ]);
    expect((await ctx.db.knex('webhook_events').where({ user_id: user.id, type: 'transcript.received' })).length).toBe(1);
  });

  it('sends a reminder while nothing has arrived, and never after the link expired', async () => {
    const { user } = await submitted();
    await workMailJobs();
    const requestRow = await ctx.db.knex('counselor_requests').where({ user_id: user.id }).first();
    const [first, second] = (await reminderJobs(String(requestRow.id))).sort((a, b) => a.data.reminder - b.data.reminder);
    mail.messages.length = 0;
    expect(await sendAfterSubmissionMail(ctx.services, first!.data)).toBe('sent');
    expect(mail.messages[0]!.subject).toBe(`Reminder: ${COUNSELOR_SUBJECT}`);
    expect(linkIn(mail.messages[0]!)).toBe(linkIn(mail.messages[0]!));
    // Sent once only, even when the job runs again.
    expect(await sendAfterSubmissionMail(ctx.services, first!.data)).toBe('skipped');
    ctx.clock.advance((COUNSELOR_LINK_DAYS + 1) * 86_400_000);
    try {
      expect(await sendAfterSubmissionMail(ctx.services, second!.data)).toBe('skipped');
    } finally {
      ctx.clock.advance(-(COUNSELOR_LINK_DAYS + 1) * 86_400_000);
    }
  });

  it('refuses what is not a document, and too large a file, with the page and a clear message', async () => {
    const { user } = await submitted();
    await workMailJobs();
    const token = linkIn(mail.messages.at(-1)!);
    const exe = await request(ctx.app)
      .post(`/counselor/${token}`)
      .attach('transcript', Buffer.from('MZ\x90\x00 not a document'), { filename: 'transcript.pdf' });
    expect(exe.status).toBe(400);
    expect(exe.text).toContain('You can only enter the following file types');
    const big = await request(ctx.app)
      .post(`/counselor/${token}`)
      .attach('transcript', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024 + 10)]), { filename: 't.pdf' });
    expect(big.status).toBe(413);
    expect(big.text).toContain('The maximum file size is 1 MB.');
    const none = await request(ctx.app).post(`/counselor/${token}`).field('x', 'y');
    expect(none.status).toBe(400);
    expect((await ctx.db.knex('transcript_checklist').where({ user_id: user.id }).first()).status).toBe('requested');
    expect((await request(ctx.app).get('/counselor/not-a-token').expect(404)).text).toContain('This link does not work');
  });

  it('"This is not my student" stops the link and tells the applicant', async () => {
    const { user } = await submitted();
    await workMailJobs();
    const token = linkIn(mail.messages.at(-1)!);
    // The first post only asks (issue 38): the link stays live until the counselor answers yes.
    const asked = await request(ctx.app).post(`/counselor/${token}/not-my-student`).type('form').send({}).expect(200);
    expect(asked.text.replace(/<!-- -->/g, '')).toContain('Are you sure <strong>Maria Lopez</strong> is not your student?');
    expect(asked.text).toContain('Yes, this is not my student');
    expect(asked.text).toContain(`href="/counselor/${token}">No, go back</a>`);
    await request(ctx.app).get(`/counselor/${token}`).expect(200);
    await request(ctx.app).post(`/counselor/${token}/not-my-student`).type('form').send({ confirm: 'yes' }).expect(303);
    expect((await request(ctx.app).get(`/counselor/${token}`).expect(410)).text).toContain('Thank you for telling us');
    expect((await request(ctx.app).post(`/counselor/${token}/not-my-student`).type('form').send({}).expect(409)).text).toContain(
      'Thank you for telling us',
    );
    const page = await completion(user);
    expect(page.text).toContain(`${COUNSELOR} told us on `);
    expect(page.text).toContain('that you are not their student');
    const upload = await request(ctx.app)
      .post(`/counselor/${token}`)
      .attach('transcript', await makePdf(1), { filename: 't.pdf' });
    expect(upload.status).toBe(409);
  });
});
