import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLogger, logPathFor } from '../../platform/logger.server.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { captureMailer } from '../helpers/smtp.js';
import { counselorToken } from '../helpers/counselor-link.js';
import { makePdf } from '../fixtures/documents.js';

/**
 * Issue 35 finding 4: the request log redacted query strings, but a counselor link's token is in the path, so every
 * visit wrote a credential good for 60 days to the log. The log shows `[redacted]` for any route parameter the
 * route map declares secret (`:token`), whatever the route.
 */
let output = '';
let ctx: TestContext;
const mail = captureMailer();

beforeAll(async () => {
  await loadVikeBuild();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  ctx = await createTestApp({ queue: 'send-only', logger: createLogger('trace', sink) });
  ctx.services.mail = mail;
}, 60_000);
afterAll(() => ctx?.close());

it('writes a counselor link token to no log line: the page, an upload, a refused post, the other form', async () => {
  const token = await counselorToken(ctx, mail);
  output = '';
  await request(ctx.app).get(`/counselor/${token}`).expect(200);
  await request(ctx.app).get(`/COUNSELOR/${token}/?utm=x`);
  await request(ctx.app)
    .post(`/counselor/${token}`)
    .attach('transcript', await makePdf(1), { filename: 'transcript.pdf', contentType: 'application/pdf' })
    .expect(303);
  // Refused before any route matched: the Origin check.
  await request(ctx.app).post(`/counselor/${token}`).set('Origin', 'https://elsewhere.example').expect(403);
  await request(ctx.app).post(`/counselor/${token}/not-my-student`).set('Content-Type', 'application/x-www-form-urlencoded').send('');
  await request(ctx.app).post(`/counselor/${token}/not-my-student`).type('form').send({ confirm: 'yes' });

  expect(output).toContain('"url":"/counselor/[redacted]"');
  expect(output).toContain('"route":"POST /counselor/:token"');
  expect(output).not.toContain(token);
  expect(output).not.toContain(token.slice(0, 20));
});

it('redacts a secret parameter of any route template, and only that segment', () => {
  const logPath = logPathFor(['/counselor/:token', '/recommend/:id/:token/done', '/api/document-answer/:key']);
  expect(logPath('/counselor/abc123')).toBe('/counselor/[redacted]');
  expect(logPath('/counselor/abc123/not-my-student?x=1')).toBe('/counselor/[redacted]/not-my-student?x=[redacted]');
  expect(logPath('/recommend/7/abc123/done')).toBe('/recommend/7/[redacted]/done');
  expect(logPath('/api/document-answer/transcript')).toBe('/api/document-answer/transcript');
  expect(logPath('/counselor')).toBe('/counselor');
});
