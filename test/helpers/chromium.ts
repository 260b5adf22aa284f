import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs } from '../../workers/pdf/warm-browser.server.js';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const chromiumPath: string | null = CANDIDATES.find((p): p is string => Boolean(p && existsSync(p))) ?? null;

export async function launchBrowser(): Promise<Browser> {
  if (!chromiumPath) throw new Error('Chromium not found: apt-get install chromium (CI requires it)');
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs() });
}
