import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { BrowserContext } from 'playwright-core';
import { describeE2E } from '../helpers/browser.js';
import { startE2EStack, stopE2EStack, type E2EStack } from '../helpers/e2e-stack.js';
import { formatFirstInteraction, measureFirstInteraction, type FirstInteraction } from '../bench/first-interaction.js';
import { createAccount, logIn, nextEmail } from './lifecycle-helpers.js';

/**
 * The first click and keystrokes on a slow phone (CPU slowed 4×): the figures are printed for the issue's
 * targets (≤100 ms event handling, no long task over 50 ms after the first click), never asserted — timings on
 * a shared machine are noise. What is asserted is behaviour: the island hydrated and kept what was typed.
 */
let stack: E2EStack;
const results: FirstInteraction[] = [];

beforeAll(async () => {
  stack = await startE2EStack('first-interaction', { WORKER: 'off' });
}, 120_000);
afterAll(async () => {
  if (results.length) process.stdout.write(`\nFirst interaction at 4× CPU slowdown:\n${results.map(formatFirstInteraction).join('\n')}\n`);
  await stopE2EStack(stack);
});

async function freshLogin(context: BrowserContext): Promise<void> {
  const email = nextEmail();
  await createAccount(stack.server, stack.smtp, email);
  await logIn(stack.server, context, email);
}

const CASES = [
  { label: '/about (logged out)', path: '/about', field: '#first_name', island: 'Form', loggedIn: false },
  { label: '/about (logged in)', path: '/about', field: '#first_name', island: 'Form', loggedIn: true },
  { label: '/login', path: '/login', field: '#username', island: 'AuthCardLogin', loggedIn: false },
];

describeE2E('the first interaction on a slow phone (figures printed, not asserted)', () => {
  for (const c of CASES) {
    for (const thinkMs of [0, 1500]) {
      it(`${c.label}: a click ${thinkMs} ms after load and typing keep the value, and the island hydrates`, async () => {
        const text = c.path === '/login' ? 'grace@example.org' : 'Grace';
        const result = await measureFirstInteraction(stack.browser, {
          baseUrl: stack.server.url,
          path: c.path,
          field: c.field,
          island: c.island,
          label: c.label,
          text,
          thinkMs,
          // A new account each time: a student's saved answers would otherwise fill the field.
          prepare: c.loggedIn ? (context) => freshLogin(context) : undefined,
        });
        results.push(result);
        expect(result.hydrated).toBe(true);
        expect(result.value).toBe(text);
      });
    }
  }
});
