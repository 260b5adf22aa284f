import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { errorHandler } from '../../server/errors.server.js';
import { HttpError } from '../../platform/http-error.server.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The error middleware behind a route that fails, as the app mounts it last. */
function failingApp(err: unknown) {
  const app = express();
  app.use((req, _res, next) => {
    (req as unknown as { log: unknown }).log = ctx.services.logger;
    next();
  });
  app.get('/boom', () => {
    throw err;
  });
  app.use(errorHandler(ctx.services));
  return app;
}

describe('the error pages are vike pages in the student document (pages/notice)', () => {
  it('an unexpected failure is the generic error screen: 500, the style sheet, no detail of the failure, no script', async () => {
    const res = await request(failingApp(new Error('a secret detail of the failure')))
      .get('/boom')
      .set('Accept', 'text/html');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<h1>Something went wrong.</h1>');
    expect(res.text).toContain('<title>Something went wrong - Freshman Application</title>');
    expect(res.text).toMatch(/<link rel="stylesheet"[^>]*\.css"/);
    expect(res.text).not.toContain('a secret detail');
    expect(res.text).not.toContain('<script');
  });

  it('a refusal says why in plain words, with its status', async () => {
    const res = await request(failingApp(new HttpError(400, 'The upload was not in the expected form.')))
      .get('/boom')
      .set('Accept', 'text/html');
    expect(res.status).toBe(400);
    expect(res.text).toContain('<h1>This request could not be used</h1>');
    expect(res.text).toContain('The upload was not in the expected form.');
    expect(res.text).toContain('<title>This request could not be used - Freshman Application</title>');
  });

  it('a JSON client still gets JSON', async () => {
    const res = await request(failingApp(new HttpError(409, 'Not now.')))
      .get('/boom')
      .set('Accept', 'application/json');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Not now.' });
  });

  it("a student's refused form post shows the notice to the student (the page routing does not send them elsewhere)", async () => {
    const user = await createLoggedInUser(ctx);
    const res = await request(ctx.app)
      .post('/completion/counselor')
      .set('Cookie', user.cookie)
      .set('Accept', 'text/html')
      .type('form')
      .send({ counselor_email: 'pat@alta.example.org' });
    expect(res.status).toBe(409);
    expect(res.text).toContain('Submit your application first');
  });

  it('/notice itself is no page anyone can open', async () => {
    const res = await request(ctx.app).get('/notice');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/about');
  });
});
