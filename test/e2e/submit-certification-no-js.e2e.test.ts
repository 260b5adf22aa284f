import { afterAll, beforeAll, expect, it } from '@jest/globals';
import request from 'supertest';
import { describeE2E } from '../helpers/browser.js';
import { createLoggedInUser } from '../helpers/users.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { MESSAGES } from '../../form/messages.js';
import { startWalk, type Walk } from './walk-helpers.js';

/**
 * Issue 38 item 5: Submit on Final steps without the certification ticked, without scripts, comes back to Final
 * steps with the message at the checkbox and in the summary, not to step 1.
 */
let walk: Walk;
beforeAll(async () => {
  walk = await startWalk();
}, 120_000);
afterAll(() => walk?.close());

describeE2E('Submit without the certification, without scripts (issue 38)', () => {
  it('returns to Final steps with the error at the checkbox', async () => {
    const user = await createLoggedInUser(walk.ctx);
    await request(walk.ctx.app)
      .put('/api/answer')
      .set('Cookie', user.cookie)
      .send({ ...COMPLETE_ANSWERS, legal_agree: false })
      .expect(200);
    const context = await walk.phone(user, 390, false);
    const page = await context.newPage();
    await walk.openFormPage(page, '/final-steps', false);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.waitForLoadState();
    expect(new URL(page.url()).pathname).toBe('/final-steps');
    await expect(page.locator('#legal_agree').getAttribute('aria-invalid')).resolves.toBe('true');
    const field = page.locator('.field', { has: page.locator('#legal_agree') });
    await expect(field.textContent()).resolves.toContain(MESSAGES.legalAgree);
    await expect(page.locator('.error-summary a', { hasText: MESSAGES.legalAgree }).getAttribute('href')).resolves.toMatch(/#legal_agree$/);
    expect(await walk.ctx.db.knex('applications').where({ user_id: user.id }).first('submitted_at')).toEqual({ submitted_at: null });
    await page.locator('#legal_agree').scrollIntoViewIfNeeded();
    await walk.shot(page, 'final-steps-certification-nojs', false);
    await context.close();
  }, 90_000);
});
