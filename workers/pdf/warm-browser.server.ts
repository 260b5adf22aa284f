import { chromium, type Browser } from 'playwright-core';

/** Flags for headless Chromium on a closed network (STACK-NOTES): no background connections. */
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
    this.launching = chromium.launch({ executablePath: this.executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
    return this.launching;
  }

  async close(): Promise<void> {
    const browser = await this.launching?.catch(() => null);
    this.launching = null;
    await browser?.close().catch(() => undefined);
  }
}
