import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';
import { startSmtpReceiver } from './smtp.js';
import { TEST_TMP } from './paths.js';

/** What a browser test of whole flows runs against: Chromium, the real server, and the SMTP receiver it mails to. */
export interface E2EStack {
  browser: Browser;
  server: RunningServer;
  smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
}

/**
 * Starts the three in their own data folder (e2e-<name>-…), the database copied from the run's template;
 * `env` is added to the server's environment.
 */
export async function startE2EStack(name: string, env: Record<string, string> = {}): Promise<E2EStack> {
  const browser = await launchBrowser();
  const smtp = await startSmtpReceiver();
  const server = await startServer({ dataDir: mkdtempSync(join(TEST_TMP, `e2e-${name}-`)), env: { SMTP_URL: smtp.url, ...env } });
  return { browser, server, smtp };
}

/** Stops whatever of a stack started (a failed beforeAll may leave parts undefined). */
export async function stopE2EStack(stack: Partial<E2EStack>): Promise<void> {
  await stack.server?.stop();
  await stack.smtp?.close();
  await stack.browser?.close();
}
