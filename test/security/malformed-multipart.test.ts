import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLogger } from '../../platform/logger.server.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { captureMailer } from '../helpers/smtp.js';
import { counselorToken } from '../helpers/counselor-link.js';
import { LOCAL_UPLOAD_PATH } from '../../platform/storage/local-store.server.js';

/**
 * Issue 35 finding 9: a broken multipart body (a NUL in a part header, a body cut short, a boundary that is missing
 * or never comes) answered 500 with an error log line, on the embedded store's upload target and on a counselor
 * link. It is the sender's mistake: a 400 with the usual message, and nothing logged as an error.
 */
let ctx: TestContext;
let token: string;
let logLines: Array<{ level: number; msg?: string }> = [];
const mail = captureMailer();

beforeAll(async () => {
  await loadVikeBuild();
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  ctx = await createTestApp({ queue: 'send-only', logger: createLogger('info', sink) });
  ctx.services.mail = mail;
  token = await counselorToken(ctx, mail);
}, 60_000);
afterAll(() => ctx?.close());

const B = 'issue35boundary';
const fileHeader = (name: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="t.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
const BODIES: Array<[string, string, string]> = [
  [
    'a NUL in a part header',
    `multipart/form-data; boundary=${B}`,
    `--${B}\r\nContent-Disposition: form-data; na\u0000me="x"\r\n\r\nvalue\r\n--${B}--\r\n`,
  ],
  ['a body cut short', `multipart/form-data; boundary=${B}`, `${fileHeader('transcript')}%PDF-1.4 and then nothing`],
  ['a body cut short in a part header', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-da`],
  ['no boundary parameter', 'multipart/form-data', `${fileHeader('transcript')}%PDF-1.4\r\n--${B}--\r\n`],
  ['a boundary that never comes', 'multipart/form-data; boundary=another-one', `${fileHeader('transcript')}%PDF-1.4\r\n--${B}--\r\n`],
];

const errorLines = () => logLines.filter((line) => line.level >= 50);

describe.each(BODIES)('a multipart body with %s', (_what, contentType, body) => {
  it('is a 400 with the upload message on the upload target, and no error in the log', async () => {
    logLines = [];
    const res = await request(ctx.app).post(LOCAL_UPLOAD_PATH).set('Content-Type', contentType).send(Buffer.from(body, 'latin1'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The upload was not in the expected form.');
    expect(errorLines()).toEqual([]);
  });

  it("is a 400 with the counselor page's message on a counselor link, and no error in the log", async () => {
    logLines = [];
    const res = await request(ctx.app).post(`/counselor/${token}`).set('Content-Type', contentType).send(Buffer.from(body, 'latin1'));
    expect(res.status).toBe(400);
    expect(res.text).toContain('Choose the transcript file, then send it.');
    expect(errorLines()).toEqual([]);
  });
});
