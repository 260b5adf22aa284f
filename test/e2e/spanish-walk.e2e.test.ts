import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { axeViolations, describeE2E, watchPageProblems } from '../helpers/browser.js';
import { hydrated } from './lifecycle-helpers.js';
import { fillPage, settled } from './form-lifecycle-helpers.js';
import {
  mailTo,
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

describeE2E('an applicant whose browser asks for Spanish, with scripts on (issue 41)', () => {
  it('lands on Spanish pages, signs up, confirms with the Spanish code e-mail, fills and submits in Spanish, and gets the receipt in Spanish; the desk shows English', async () => {
    const email = `estudiante-${Date.now()}@example.org`;
    const context = await spanishPhone(stack, true);
    const page = await context.newPage();
    const problems = watchPageProblems(page);

    // Sign-up: a Spanish page from Accept-Language alone, with the switch back to English.
    await page.goto('/signup');
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Crea tu cuenta');
    const toEnglish = page.locator('a.language-switch');
    await expect(toEnglish.getAttribute('hreflang')).resolves.toBe('en');
    await expect(toEnglish.getAttribute('lang')).resolves.toBe('en');
    await hydrated(page, 'AuthCardSignup');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, '01-sign-up');
    const before = stack.smtp.messages.length;
    await page.fill('#username', email);
    await page.fill('#password', PASSWORD);
    await expect(page.locator('.checklist__heading').textContent()).resolves.toBe('Tu contraseña:');
    await Promise.all([page.waitForURL('**/confirm'), page.getByRole('button', { name: 'Enviar', exact: true }).click()]);

    // The code arrives in Spanish; confirming and logging in stay in Spanish.
    const codeMail = await mailTo(stack, email, /código de confirmación/, before);
    expect(codeMail.subject).toBe('Tu código de confirmación de la Solicitud de Primer Ingreso');
    expect(codeMail.html).toContain('<html lang="es">');
    await hydrated(page, 'AuthCardConfirm');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Confirma tu cuenta');
    await shot(page, '02-confirm');
    await page.fill('#code', spanishCodeFrom(codeMail));
    await Promise.all([page.waitForURL('**/login'), page.getByRole('button', { name: 'Enviar', exact: true }).click()]);
    await hydrated(page, 'AuthCardLogin');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Iniciar sesión');
    await page.fill('#password', PASSWORD);
    await Promise.all([page.waitForURL('**/about'), page.getByRole('button', { name: 'Enviar', exact: true }).click()]);

    // The three steps, each in Spanish, axe-clean, with the island speaking Spanish too.
    const steps = [
      { path: '/about', id: 'about', title: 'Sobre ti' },
      { path: '/education', id: 'education', title: 'Tu historial académico' },
      { path: '/final-steps', id: 'final-steps', title: 'Pasos finales' },
    ] as const;
    for (const [index, step] of steps.entries()) {
      await hydrated(page, 'Form');
      await settled(page);
      expect(new URL(page.url()).pathname).toBe(step.path);
      await expect(page.locator('h1.form-page-title').textContent()).resolves.toBe(step.title);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `0${3 + index}-${step.id}`);
      await fillPage(page, step.id);
      if (step.id !== 'final-steps') {
        await Promise.all([page.waitForURL(`**${steps[index + 1]!.path}`), page.getByRole('button', { name: 'Continuar' }).click()]);
      }
    }
    await expect(page.locator('label[for="legal_agree"]').textContent()).resolves.toContain('Certifico que la información');

    // The review, in Spanish; then Submit from the last step.
    await page.goto('/review');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Revisa tu solicitud');
    await expect(page.locator('.readonly-field[data-key="gender"] .readonly-field__value').textContent()).resolves.toBe('Femenino');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, '06-review');
    const beforeReceipt = stack.smtp.messages.length;
    await page.goto('/final-steps');
    await hydrated(page, 'Form');
    await settled(page);
    await Promise.all([
      page.waitForURL('**/completion', { timeout: 20_000 }),
      page.getByRole('button', { name: 'Enviar', exact: true }).click(),
    ]);
    await expect(page.locator('.completion__message').textContent()).resolves.toBe('Tu solicitud se envió correctamente.');
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, '07-completion');

    // The receipt goes out in the account's language.
    const receipt = await mailTo(stack, email, /Solicitud recibida/, beforeReceipt);
    expect(receipt.subject).toMatch(/^Solicitud recibida: tu Solicitud de Primer Ingreso /);
    expect(receipt.text).toContain('Gracias por presentar tu solicitud. Recibimos tu Solicitud de Primer Ingreso.');
    expect(receipt.text).toContain('Qué sigue:');
    const account = (await stack.ctx.db.knex('users').where({ username: email }).first('id', 'language')) as {
      id: string;
      language: string;
    };
    expect(account.language).toBe('es');

    // The office reads English: the questions' English labels, the answers as their English option labels.
    const stored = (await stack.ctx.db.knex('applications').where({ user_id: account.id }).first('answers')) as {
      answers: Record<string, unknown>;
    };
    expect(stored.answers).toMatchObject({ gender: 'F', gender_desc: 'Female', citizenship_type_desc: 'U.S. citizen or U.S. national' });
    const desk = await staffApplicationPage(stack, account.id);
    const deskText = await desk.locator('main').innerText();
    expect(deskText).toContain('Legal Sex at Birth');
    expect(deskText).toContain('Female');
    expect(deskText).toContain('U.S. citizen or U.S. national');
    expect(deskText).not.toMatch(/Femenino|Sexo legal|Ciudadano/);
    await desk.context().close();
    // No page problem: in particular no hydration mismatch, which a Spanish text the browser lacks would cause.
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});
