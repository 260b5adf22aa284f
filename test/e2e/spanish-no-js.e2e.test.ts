import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { describeE2E } from '../helpers/browser.js';
import { axeViolationsWithoutJs, flashText, submitCard } from './no-js-helpers.js';
import {
  fillPageWithoutJs,
  mailTo,
  press,
  shot,
  spanishCodeFrom,
  spanishPhone,
  staffApplicationPage,
  startSpanishStack,
  type SpanishStack,
} from './spanish-helpers.js';

const PASSWORD = 'Cañón-Azul-Linterna-42';
let stack: SpanishStack;

beforeAll(async () => {
  stack = await startSpanishStack();
}, 120_000);
afterAll(() => stack?.close());

async function expectSpanishAndAxeClean(page: Page): Promise<void> {
  expect(await page.getAttribute('html', 'lang')).toBe('es');
  expect(await axeViolationsWithoutJs(page)).toEqual([]);
}

const accountLanguage = async (email: string) =>
  ((await stack.ctx.db.knex('users').where({ username: email }).first('language')) as { language: string | null }).language;

describeE2E('an applicant whose browser asks for Spanish, with scripts off (issue 41)', () => {
  it('signs up, confirms, fills and submits the whole application in Spanish as plain HTML forms; the switch is a plain link', async () => {
    const email = `sin-scripts-${Date.now()}@example.org`;
    const context = await spanishPhone(stack, false);
    const page = await context.newPage();

    await page.goto('/signup');
    await expectSpanishAndAxeClean(page);
    const before = stack.smtp.messages.length;
    await submitCard(page, { username: email, password: PASSWORD });
    await page.waitForURL('**/confirm');
    expect(await flashText(page)).toContain('Enviamos un código de confirmación a tu correo electrónico.');
    await expectSpanishAndAxeClean(page);
    const code = spanishCodeFrom(await mailTo(stack, email, /código de confirmación/, before));
    await submitCard(page, { code });
    await page.waitForURL('**/login');
    expect(await flashText(page)).toContain('Tu cuenta quedó confirmada. Ya puedes iniciar sesión.');
    await submitCard(page, { username: email, password: PASSWORD });
    await page.waitForURL('**/about');
    await expectSpanishAndAxeClean(page);
    expect(await accountLanguage(email)).toBe('es');

    // A malformed answer comes back with the summary and the message in Spanish.
    await page.fill('#phone_mobile', '801555');
    await press(page, 'Continuar');
    expect(new URL(page.url()).pathname).toBe('/about');
    await expect(page.locator('.error-summary h2').textContent()).resolves.toBe('¡Nos falta información!');
    await expect(page.locator('#phone_mobile-error').textContent()).resolves.toContain('Ingresa un número de teléfono celular válido.');
    await expectSpanishAndAxeClean(page);
    await shot(page, '08-about-errors-no-js');

    // The switch: a GET that sets only the browser's preference; the account follows at the next post.
    await Promise.all([page.waitForURL('**/about'), page.getByRole('link', { name: 'English' }).click()]);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await expect(page.locator('h1.form-page-title').textContent()).resolves.toBe('About You');
    expect(await accountLanguage(email)).toBe('es');
    await Promise.all([page.waitForURL('**/about'), page.getByRole('link', { name: 'Español' }).click()]);
    expect(await page.getAttribute('html', 'lang')).toBe('es');

    await page.fill('#phone_mobile', '');
    await fillPageWithoutJs(page, 'about');
    await press(page, 'Continuar');
    expect(new URL(page.url()).pathname).toBe('/education');
    await expectSpanishAndAxeClean(page);
    await fillPageWithoutJs(page, 'education');
    await press(page, 'Continuar');
    expect(new URL(page.url()).pathname).toBe('/final-steps');
    await expectSpanishAndAxeClean(page);
    await fillPageWithoutJs(page, 'final-steps');
    await press(page, 'Revisa tu solicitud');
    expect(new URL(page.url()).pathname).toBe('/review');
    await expectSpanishAndAxeClean(page);
    await expect(page.locator('.readonly-field[data-key="legal_agree"] .readonly-field__value').innerText()).resolves.toBe('Sí');
    await expect(page.locator('.readonly-field[data-key="birth_date"] .readonly-field__value').innerText()).resolves.toBe(
      '3 de abril de 2008',
    );
    const beforeReceipt = stack.smtp.messages.length;
    await press(page, 'Enviar');
    expect(new URL(page.url()).pathname).toBe('/completion');
    await expectSpanishAndAxeClean(page);
    await expect(page.locator('.completion__message').textContent()).resolves.toBe('Tu solicitud se envió correctamente.');
    await expect(page.locator('.checklist').innerText()).resolves.toMatch(/Enviada el \d{1,2} de [a-z]+ de \d{4}/);
    await shot(page, '09-completion-no-js');
    const receipt = await mailTo(stack, email, /Solicitud recibida/, beforeReceipt);
    expect(receipt.text).toContain('Referencia: ');

    // The desk: English labels and English option labels.
    const account = (await stack.ctx.db.knex('users').where({ username: email }).first('id')) as { id: string };
    const desk = await staffApplicationPage(stack, account.id);
    const deskText = await desk.locator('main').innerText();
    expect(deskText).toContain('Date of Birth');
    expect(deskText).toContain('Female');
    expect(deskText).not.toMatch(/Fecha de nacimiento|Femenino/);
    await desk.context().close();
    await context.close();
  }, 240_000);
});
