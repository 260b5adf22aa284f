import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser, type TestUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { describeE2E } from '../helpers/browser.js';
import { TEST_TMP } from '../helpers/paths.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { WarmBrowser } from '../../workers/pdf/warm-browser.server.js';
import { EMPTY_DOCUMENT, renderApplicationPdf } from '../../workers/pdf/render-application.server.js';
import { signPrintToken } from '../../platform/tokens/print-token.server.js';

describeE2E("the PDF renderer's warm tabs (workers/pdf/render-application.server.ts)", () => {
  let ctx: TestContext;
  let server: Server;
  let baseUrl: string;
  let warm: WarmBrowser;

  beforeAll(async () => {
    await loadVikeBuild();
    ctx = await createTestApp();
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    warm = new WarmBrowser(ctx.config.chromiumPath!);
  });
  afterAll(async () => {
    await warm?.close();
    server?.close();
    await ctx?.close();
  });

  async function applicant(firstName: string): Promise<TestUser> {
    const user = await createLoggedInUser(ctx);
    const res = await fetch(`${baseUrl}/api/answer`, {
      method: 'PUT',
      headers: { cookie: user.cookie, 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ ...COMPLETE_ANSWERS, first_name: firstName }),
    });
    expect(res.status).toBe(200);
    return user;
  }

  async function printedText(browser: Browser, user: TestUser): Promise<string> {
    const { pdf } = await renderApplicationPdf(browser, {
      baseUrl,
      serviceToken: signPrintToken(ctx.config.sessionSecret, user.id, new Date()),
      applicantName: 'Applicant',
      documents: [],
    });
    const file = join(mkdtempSync(join(TEST_TMP, 'pdf-pool-')), 'application.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  }

  /** The pool's tabs once the last one is back: each emptied, none still showing an applicant. */
  async function tabsWhenIdle(browser: Browser): Promise<string[]> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const pages = browser.contexts().flatMap((context) => context.pages());
      const contents = await Promise.all(pages.map((page) => page.content()));
      if (contents.every((html) => !html.includes('Marisol') && !html.includes('Teodoro'))) return contents;
      if (Date.now() > deadline) return contents;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('empties a tab after each application and prints the next one in the same tab, with only its own answers', async () => {
    const first = await applicant('Marisol');
    const second = await applicant('Teodoro');
    const browser = await warm.get();

    const firstText = await printedText(browser, first);
    expect(firstText).toContain('Marisol');
    expect(await tabsWhenIdle(browser)).toEqual([EMPTY_DOCUMENT]);

    const secondText = await printedText(browser, second);
    expect(secondText).toContain('Teodoro');
    expect(secondText).not.toContain('Marisol');
    // One tab for both: the second application did not start another renderer.
    expect(await tabsWhenIdle(browser)).toEqual([EMPTY_DOCUMENT]);
  });
});
