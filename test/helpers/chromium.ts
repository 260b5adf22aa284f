import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const chromiumPath: string | null = CANDIDATES.find((p): p is string => Boolean(p && existsSync(p))) ?? null;

/** Flags for headless Chromium on this closed network (see STACK-NOTES). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error('Chromium not found: apt-get install chromium (CI requires it)');
  return chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
}
