import type { Browser } from 'playwright-core';

/**
 * Flags for headless Chromium on a closed network (STACK-NOTES): no background connections. Chromium's
 * sandbox stays on; only a process running as root (development machines, CI) must turn it off, because
 * Chromium refuses to sandbox as root (docs/decisions/0061-chromium-sandbox-and-container-user.md).
 */
export function chromiumArgs(runningAsRoot = process.getuid?.() === 0): string[] {
  return runningAsRoot ? ['--no-sandbox', ...CHROMIUM_ARGS] : [...CHROMIUM_ARGS];
}

/** The flags every launch uses, sandbox aside (see chromiumArgs). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * One Chromium per worker process, launched on first use and kept warm (launch ~1 s, a new context
 * ~0.2 s). Each job gets a fresh context, so no cookie or storage crosses applications. A browser that
 * crashed is relaunched by the next job.
 */
export class WarmBrowser {
  private launching: Promise<Browser> | null = null;

  constructor(private readonly executablePath: string) {}

  async get(): Promise<Browser> {
    if (this.launching) {
      const browser = await this.launching.catch(() => null);
      if (browser?.isConnected()) return browser;
    }
    // playwright-core is loaded on the first render, not when the job module is: every process that only
    // registers the job (the web process, each test file) would otherwise pay for it.
    this.launching = import('playwright-core').then(({ chromium }) =>
      chromium.launch({ executablePath: this.executablePath, args: chromiumArgs(), timeout: 30_000 }),
    );
    return this.launching;
  }

  async close(): Promise<void> {
    const browser = await this.launching?.catch(() => null);
    this.launching = null;
    await browser?.close().catch(() => undefined);
  }
}
