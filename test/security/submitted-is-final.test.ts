import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { makePdf } from '../fixtures/documents.js';
import { ignoreQueueErrorsFromNowOn, presign, startConversion, uploadTo, waitForFinalStatus } from '../fixtures/documents-flow.js';
import { SUBMITTED_MESSAGE } from '../../server/application/open-application.server.js';
import { repeaterMaximums } from '../../server/application/ui-state.server.js';
import { outputKeyFor } from '../../platform/storage/document-keys.server.js';
import { bothDatabases } from './databases.js';
import { RECEIPT_QUEUE } from '../../platform/jobs/queues.js';
import { keepCarriedAnswers } from '../../db/repos/carried-answers.server.js';

/**
 * Issue 13 item 4 (DESIGN §8): once submitted, an application is final. Every applicant write answers 409
 * with a clear message, and nothing of it — the uploaded transcript above all — can be deleted.
 */
let ctx: TestContext;
let student: TestUser;
let transcriptKey: string;
let laterUploadKey: string;

beforeAll(async () => {
  // The application PDF is another issue's concern: without Chromium the submission records that it cannot be made.
  ctx = await createTestApp({ queue: 'workers', env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
  student = await createLoggedInUser(ctx);
  const as = () => request(ctx.app);
  expect(
    (await as().put('/api/tabs').set('Cookie', student.cookie).send({ tab_id: 'transcript-source', chosen_tab: 'upload' })).status,
  ).toBe(200);
  const presigned = await presign(ctx.app, student.cookie, 'transcript');
  transcriptKey = presigned.fields.key!;
  expect((await uploadTo(ctx.app, presigned, await makePdf(), 'transcript.pdf')).status).toBe(204);
  expect((await startConversion(ctx.app, student.cookie, 'transcript', transcriptKey, 'transcript.pdf')).status).toBe(202);
  expect((await waitForFinalStatus(ctx.app, student.cookie, 'transcript')).status).toBe('COMPLETED');
  // An upload made before submitting, whose conversion is asked for only afterwards.
  const later = await presign(ctx.app, student.cookie, 'transcript');
  laterUploadKey = later.fields.key!;
  expect((await uploadTo(ctx.app, later, await makePdf(2), 'second.pdf')).status).toBe(204);
  expect((await as().put('/api/answer').set('Cookie', student.cookie).send(COMPLETE_ANSWERS)).status).toBe(200);
  const submitted = await as().post('/api/submit').set('Cookie', student.cookie);
  expect(submitted.status).toBe(200);
});
afterAll(async () => {
  ignoreQueueErrorsFromNowOn(ctx.queue);
  await ctx.close();
});

const repeater = () => [...repeaterMaximums().keys()][0]!;

const writes: Array<[string, () => request.Test]> = [
  ['PUT /api/answer', () => request(ctx.app).put('/api/answer').send({ first_name: 'Changed' })],
  ['PUT /api/tabs', () => request(ctx.app).put('/api/tabs').send({ tab_id: 'transcript-source', chosen_tab: 'counselor' })],
  ['PUT /api/add-another', () => request(ctx.app).put('/api/add-another').send({ button_id: repeater(), num_components: 1 })],
  ['PUT /api/last-page', () => request(ctx.app).put('/api/last-page').send({ last_page: '/about' })],
  ['POST /api/validations', () => request(ctx.app).post('/api/validations').send([])],
  ['POST /api/presigned-url', () => request(ctx.app).post('/api/presigned-url').send({ answer_key: 'transcript' })],
  [
    'POST /api/pdf/document-answer/transcript (start conversion)',
    () => request(ctx.app).post('/api/pdf/document-answer/transcript').send({ file_key: laterUploadKey, file_name: 'second.pdf' }),
  ],
  ['DELETE /api/pdf/document-answer/transcript', () => request(ctx.app).delete('/api/pdf/document-answer/transcript')],
  ['DELETE /api/document-answer/transcript', () => request(ctx.app).delete('/api/document-answer/transcript')],
];

describe('after POST /api/submit answered 200', () => {
  it.each(writes)('%s answers 409 with a clear message', async (_name, send) => {
    const res = await send().set('Cookie', student.cookie);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(SUBMITTED_MESSAGE);
  });

  it('still holds the submitted transcript, COMPLETED, with its upload and its PDF in the store', async () => {
    const status = await request(ctx.app).get('/api/pdf/document-answer/transcript').set('Cookie', student.cookie);
    expect(status.body.status).toBe('COMPLETED');
    const row = await ctx.db.knex('document_answers').where({ user_id: student.id, answer_key: 'transcript' }).first();
    expect(row.file_key).toBe(transcriptKey);
    expect(await ctx.services.storage!.head(transcriptKey)).not.toBeNull();
    expect(await ctx.services.storage!.head(outputKeyFor(student.id, 'transcript', transcriptKey))).not.toBeNull();
  });

  it('keeps the answers, the tab and the counts as submitted', async () => {
    const profile = await request(ctx.app).get('/api/profile').set('Cookie', student.cookie);
    expect(profile.body.answer.first_name).toBe(COMPLETE_ANSWERS.first_name);
    expect(profile.body.tabs['transcript-source']).toBe('upload');
    expect(profile.body.last_page).not.toBe('/about');
  });
});

describe.each(bothDatabases())('%s: writes racing the submit', (_kind, open) => {
  it('land before it or get 409: what was submitted is what stays', async () => {
    const race = await createTestApp({ db: await open() });
    try {
      const applicant = await createLoggedInUser(race);
      const as = () => request(race.app);
      expect((await as().put('/api/answer').set('Cookie', applicant.cookie).send(COMPLETE_ANSWERS)).status).toBe(200);
      // What the submit transaction saw, read inside it.
      let atSubmission: { answers: unknown; last_page: unknown; add_another: unknown } | undefined;
      // The receipt is queued inside the submission's transaction: its queue reads the row through that transaction.
      race.services.boss = {
        async send(name, _data, options) {
          if (name === RECEIPT_QUEUE && options.db) {
            const { rows } = await options.db.executeSql('select answers, last_page, add_another from applications where user_id = $1', [
              applicant.id,
            ]);
            atSubmission = rows[0] as typeof atSubmission;
          }
          return null;
        },
      };
      const names = ['Ada', 'Bea', 'Cai', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal'];
      const writes = [
        ...names.map((first_name) => as().put('/api/answer').set('Cookie', applicant.cookie).send({ first_name })),
        ...names.map((_, i) =>
          as()
            .put('/api/last-page')
            .set('Cookie', applicant.cookie)
            .send({ last_page: i % 2 ? '/about' : '/education' }),
        ),
        ...names.map((_, i) =>
          as()
            .put('/api/add-another')
            .set('Cookie', applicant.cookie)
            .send({ button_id: repeater(), num_components: 1 + (i % 2) }),
        ),
      ];
      const [submit, ...answers] = await Promise.all([as().post('/api/submit').set('Cookie', applicant.cookie), ...writes]);
      expect(submit.status).toBe(200);
      for (const res of answers) {
        expect([200, 409]).toContain(res.status);
        if (res.status === 409) expect(res.body.message).toBe(SUBMITTED_MESSAGE);
      }
      const after = await race.db.knex('applications').where({ user_id: applicant.id }).first('answers', 'last_page', 'add_another');
      expect(atSubmission).toBeDefined();
      expect(after).toEqual(atSubmission);
    } finally {
      await race.close();
    }
  });
});

describe.each(bothDatabases())('%s: submits racing each other', (_kind, open) => {
  it('ten submits of one application at once (double clicks, tabs, retries): one submission, one reference, one of everything it sets off', async () => {
    const race = await createTestApp({ db: await open() });
    try {
      const applicant = await createLoggedInUser(race);
      const as = () => request(race.app);
      expect((await as().put('/api/answer').set('Cookie', applicant.cookie).send(COMPLETE_ANSWERS)).status).toBe(200);
      // Answers carried through a login since: the submission takes them in, once.
      await keepCarriedAnswers(race.db.knex, applicant.id, { preferred_name: 'Mira' }, race.services.now());
      const submits = await Promise.all(Array.from({ length: 10 }, () => as().post('/api/submit').set('Cookie', applicant.cookie)));
      expect(submits.map((res) => res.status)).toEqual(Array(10).fill(200));
      const references = new Set(submits.map((res) => res.body.reference as string));
      expect(references.size).toBe(1);
      const row = await race.db.knex('applications').where({ user_id: applicant.id }).first('reference', 'submitted_at', 'answers');
      expect(references.has(row.reference)).toBe(true);
      expect(row.answers.preferred_name).toBe('Mira');
      const count = async (table: string) => (await race.db.knex(table).where({ user_id: applicant.id })).length;
      expect(await count('receipts')).toBe(1);
      expect(await count('application_pdfs')).toBe(1);
      expect(await count('transcript_checklist')).toBe(1);
      expect(await count('web_statuses')).toBe(3);
    } finally {
      await race.close();
    }
  });
});
