import { describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { renderApplicationPdf } from '../../workers/pdf/render-application.server.js';

/** A Chromium that stopped answering: opening a context never settles. */
function hungBrowser(): Browser & { closed: number } {
  const browser = {
    closed: 0,
    newContext: () => new Promise(() => undefined),
    close: async () => {
      browser.closed++;
    },
  };
  return browser as unknown as Browser & { closed: number };
}

describe('printing the application PDF', () => {
  it('gives up on a Chromium that stopped answering and closes it, so the job is retried on a fresh one', async () => {
    const browser = hungBrowser();
    const input = { baseUrl: 'http://127.0.0.1:9', serviceToken: 't', applicantName: 'Maria Lopez', documents: [] };
    await expect(renderApplicationPdf(browser, input, { timeoutMs: 50 })).rejects.toThrow(
      /took longer than 0.05 s; Chromium was restarted/,
    );
    expect(browser.closed).toBe(1);
  });
});
