import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { describeE2E } from '../helpers/browser.js';
import { createLoggedInUser } from '../helpers/users.js';
import { FILE_MESSAGES } from '../../form/documents.js';
import { makePng } from '../fixtures/documents.js';
import { startWalk, type Walk } from './walk-helpers.js';

/**
 * Issue 38 item 3: a photo the fitting step passes on and the usual checks then refuse leaves the upload box
 * showing the error alone, not "Making … fit 1 MB…" beside it (the phase went back to what it was).
 */
let walk: Walk;
beforeAll(async () => {
  walk = await startWalk();
}, 120_000);
afterAll(() => walk?.close());

describeE2E('a refused photo (issue 38)', () => {
  it.each([
    ['a name of 33 characters', 'a-photo-with-a-long-file-name.png', makePng(64, 64), FILE_MESSAGES.nameTooLong],
    ['a 2 MB .png the browser cannot decode', 'scan.png', randomBytes(2 * 1024 * 1024), FILE_MESSAGES.tooLarge],
  ])(
    '%s: only the error, and the box ready for another file',
    async (_case, name, buffer, message) => {
      expect(name.length === 33 || name === 'scan.png').toBe(true);
      const user = await createLoggedInUser(walk.ctx);
      const context = await walk.phone(user);
      const page = await context.newPage();
      await walk.openFormPage(page, '/final-steps');
      // The upload control is loaded after the form island: a file chosen before it listens goes unnoticed.
      await page.waitForSelector('.upload[data-phase] #additional_document', { state: 'attached' });
      await page.setInputFiles('#additional_document', { name, mimeType: 'image/png', buffer });
      const box = page.locator('.upload', { has: page.locator('#additional_document') });
      // The message stands at the field (the form's own error line, or the box's when the form shows none).
      await page.locator('.field', { has: box }).getByText(message).first().waitFor({ timeout: 10_000 });
      await expect(box.getAttribute('data-phase')).resolves.toBe('idle');
      await expect(box.locator('.upload__converting').count()).resolves.toBe(0);
      await expect(box.locator('[role="status"]').textContent()).resolves.toBe('');
      // Nothing in the box still asks to wait (UPLOAD_HINTS.busy, "Making … fit").
      await expect(box.innerText()).resolves.not.toMatch(/Please wait|fit 1 MB…/);
      await expect(page.locator('#additional_document').isEnabled()).resolves.toBe(true);
      await walk.shot(page, `upload-refused-${name.length}`);
      await context.close();
    },
    60_000,
  );
});
