import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import request from 'supertest';
import type { Browser, BrowserContext } from 'playwright-core';
import type { TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { describeE2E } from '../helpers/browser.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import {
  applicantContext,
  linkIn,
  startAfterSubmissionStack,
  stopAfterSubmissionStack,
  type AfterSubmissionStack,
} from './after-submission-helpers.js';
import { recShot, teacherLinkIn } from './recommendations-helpers.js';
import { axeViolationsWithoutJs } from './no-js-helpers.js';

/** Issue 39 in Spanish (docs/i18n.md): the applicant's pages, and the counselor's and teacher's pages once switched. */
describeE2E('issue 39 in Spanish: the recommendations and the link pages read Spanish, axe clean at 390 px', () => {
  let ctx: TestContext;
  let app: Server;
  let base: string;
  let browser: Browser;
  let smtp: AfterSubmissionStack['smtp'];

  beforeAll(async () => {
    ({ ctx, app, base, browser, smtp } = await startAfterSubmissionStack());
  }, 120_000);

  afterAll(() => stopAfterSubmissionStack({ browser, app, ctx, smtp }));

  async function inSpanish(context: BrowserContext): Promise<BrowserContext> {
    await context.addCookies([{ name: 'lang', value: 'es', url: base }]);
    return context;
  }

  it('Final steps, /recommendations and /completion in Spanish; the counselor and the teacher switch to Spanish', async () => {
    const user = await createLoggedInUser(ctx);
    await ctx.db.knex('users').where({ id: user.id }).update({ language: 'es' });
    const answers = {
      ...COMPLETE_ANSWERS,
      counselor_first_name: 'Pat',
      counselor_last_name: 'Jones',
      counselor_email_address: 'pat@alta.example.org',
    };
    await request(ctx.app).put('/api/answer').set('Cookie', user.cookie).send(answers).expect(200);
    const applicant = await inSpanish(await applicantContext(browser, base, user, false));
    const page = await applicant.newPage();
    page.setDefaultTimeout(15_000);

    await page.goto(`${base}/final-steps`);
    await page.getByRole('link', { name: 'Invita a tus maestros' }).click();
    expect(await page.locator('h1').textContent()).toBe('Cartas de recomendación de maestros');
    await page.getByLabel('Sí, renuncio a mi derecho a leer las cartas').check();
    await page.getByRole('button', { name: 'Guardar mi respuesta' }).click();
    await page.locator('#rec-1-name').fill('Ana Rivera');
    await page.locator('#rec-1-email').fill('rivera@alta.example.org');
    await page.locator('#rec-1-subject').fill('Química');
    await page.getByRole('group', { name: 'Primer maestro' }).getByRole('button', { name: 'Enviar la invitación' }).click();
    expect(await page.locator('[data-recommender="1"]').textContent()).toMatch(/Invitado el \d{1,2} de [a-z]+ de \d{4}\./);
    expect(await axeViolationsWithoutJs(page)).toEqual([]);
    await recShot(page, 'es-recommendations-390');

    await request(ctx.app).post('/api/submit').set('Cookie', user.cookie).expect(200);
    await page.goto(`${base}/completion`);
    expect(await page.locator('#recommendations-heading').textContent()).toBe('Cartas de recomendación de maestros');
    expect(await axeViolationsWithoutJs(page)).toEqual([]);

    const teacherMail = await smtp.waitFor((m) => m.to.includes('rivera@alta.example.org'), 30_000);
    const counselorMail = await smtp.waitFor((m) => m.to.includes('pat@alta.example.org'), 30_000);
    expect(teacherMail.text).toContain('Hola, Ana Rivera:');
    expect(teacherMail.text).toContain('Dear Ana Rivera,');
    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const link = await visitor.newPage();
    for (const [url, spanishTitle] of [
      [teacherLinkIn(teacherMail), 'Envía una carta de recomendación'],
      [linkIn(counselorMail), 'Envía un expediente académico de la preparatoria'],
    ] as const) {
      await link.goto(url);
      expect(await link.locator('html').getAttribute('lang')).toBe('en');
      await link.getByRole('link', { name: 'Español' }).click();
      expect(link.url()).toBe(url);
      expect(await link.locator('html').getAttribute('lang')).toBe('es');
      expect(await link.locator('h1').textContent()).toBe(spanishTitle);
      expect(await axeViolationsWithoutJs(link)).toEqual([]);
      await recShot(link, `es-${url.includes('/recommend/') ? 'teacher' : 'counselor'}-390`);
      await link.getByRole('link', { name: 'English' }).click();
    }
    await visitor.close();
    await applicant.close();
  });
});
