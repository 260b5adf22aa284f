import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import yauzl from 'yauzl';
import type { Browser, Download, Page } from 'playwright-core';
import { createTestApp, type TestContext } from '../helpers/app.js';
import { createLoggedInUser } from '../helpers/users.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { axeViolations, describeE2E, launchBrowser } from '../helpers/browser.js';
import { startSmtpReceiver, type ReceivedMail } from '../helpers/smtp.js';
import { submitAs } from '../helpers/staff.js';
import { makePdf } from '../fixtures/documents.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';
import { signStaffLink } from '../../server/staff/staff-link-token.server.js';
import { PDF_PREPARING_MESSAGE } from '../../server/staff/desk-routes.server.js';

const STAFF = 'transcripts@admissions.example.edu';
const COUNSELOR = 'pat.jones@alta.example.org';
/** Words no page of the application says: found in a PDF, they came from the counselor's file. */
const PHRASE = 'Quillwort Meridian transcript';

/** The text of a PDF file (poppler's pdftotext), its lines' spaces collapsed. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** The entries of a ZIP file, by name. */
function zipEntries(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(readFileSync(file), { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no ZIP'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

function linkIn(mail: ReceivedMail): string {
  const match = /(http:\/\/\S+\/counselor\/[A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match) throw new Error(`no counselor link in: ${mail.text}`);
  return match[1]!;
}

/** Clicks a link that downloads a file; null when it opened a page instead (the desk's "being prepared"). */
async function clickForDownload(page: Page, name: string): Promise<Download | null> {
  const downloaded = page.waitForEvent('download', { timeout: 30_000 }).catch(() => null);
  const notice = page
    .waitForResponse((r) => r.request().isNavigationRequest() && r.request().frame() === page.mainFrame() && r.status() === 202, {
      timeout: 30_000,
    })
    .catch(() => null);
  await page.getByRole('link', { name, exact: true }).click();
  const first = await Promise.race([downloaded, notice.then(() => 'notice' as const)]);
  if (first === 'notice') return null;
  if (!first) throw new Error(`"${name}" neither downloaded nor answered`);
  return first;
}

describeE2E('a counselor’s transcript, sent from the e-mailed link, at the staff desk (issue 37)', () => {
  let ctx: TestContext;
  let app: Server;
  let base: string;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

  beforeAll(async () => {
    await loadVikeBuild();
    smtp = await startSmtpReceiver();
    // Jobs run in this process (e-mails, conversions, PDFs, ZIPs), mailing the real SMTP receiver.
    ctx = await createTestApp({ queue: 'workers', env: { SMTP_URL: smtp.url, STAFF_EMAILS: STAFF } });
    app = ctx.app.listen(0, '127.0.0.1');
    await new Promise((r) => app.once('listening', r));
    base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    // The links in e-mails point at this server.
    ctx.config.publicUrl = base;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    app?.close();
    await ctx?.close();
    await smtp?.close();
  });

  it('opens from the application page with who sent it, is in the staff PDF and in the ZIP of PDFs, and its download is audited', async () => {
    const user = await createLoggedInUser(ctx);
    await submitAs(ctx, user.cookie, {
      ...COMPLETE_ANSWERS,
      first_name: 'Odile',
      last_name: 'Farquharson',
      counselor_first_name: 'Pat',
      counselor_last_name: 'Jones',
      counselor_email_address: COUNSELOR,
    });
    // The services' clock stands still; in life the counselor answers later than the submission's PDF was asked for.
    ctx.clock.advance(60_000);

    // The counselor's browser: no account, the link from the e-mail, one PDF.
    const mail = await smtp.waitFor((m) => m.to.includes(COUNSELOR), 30_000);
    const counselor = await browser.newContext();
    const form = await counselor.newPage();
    await form.goto(linkIn(mail));
    expect(await form.locator('h1').textContent()).toBe('Send a high school transcript');
    await form
      .locator('#transcript')
      .setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: await makePdf(1, PHRASE) });
    await form.getByRole('button', { name: 'Send the transcript' }).click();
    for (let i = 0; (await form.locator('h1').textContent()) !== 'Transcript received'; i++) {
      if (i === 240) throw new Error(`the transcript was not received: ${await form.locator('main').textContent()}`);
      await form.waitForTimeout(250);
      await form.reload();
    }
    await counselor.close();

    // The office: a one-time link's page, its button, the list.
    const desk = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
    const page = await desk.newPage();
    await page.goto(`${base}/staff/link?token=${encodeURIComponent(signStaffLink(ctx.config.sessionSecret, STAFF, ctx.services.now()))}`);
    await page.getByRole('button', { name: 'Sign in to the staff desk' }).click();
    await page.waitForURL((url) => url.pathname === '/staff');
    await page.locator('#q').fill('Farquharson, Odile');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'Farquharson, Odile');
    await expect(page.locator('tbody tr').count()).resolves.toBe(1);
    const list = page.url();
    await page.getByRole('link', { name: 'View the application of Farquharson, Odile' }).click();
    await page.waitForURL((url) => url.pathname === `/staff/applications/${user.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Odile Farquharson' }).isVisible()).resolves.toBe(true);

    // Documents: the counselor's transcript, converted, with who sent it.
    const item = page.locator('ul.documents li', { hasText: 'Transcript from the counselor' });
    await expect(item.count()).resolves.toBe(1);
    await expect(item.textContent()).resolves.toContain('Ready to open');
    await expect(item.textContent()).resolves.toContain(`Sent by the counselor (${COUNSELOR})`);
    expect(await axeViolations(page)).toEqual([]);
    const transcriptLink = (await item.getByRole('link').textContent())!;
    const transcript = await clickForDownload(page, transcriptLink);
    expect(transcript).not.toBeNull();
    expect(transcript!.suggestedFilename()).toMatch(/\.pdf$/);
    expect(pdfText(await transcript!.path())).toContain(`${PHRASE} 1`);

    // The application's PDF: rendered again now that the transcript is here; "being prepared" until then.
    let staffPdf: Download | null = null;
    let link = 'Download the application PDF';
    for (let i = 0; !staffPdf; i++) {
      if (i === 120) throw new Error('the application PDF was never ready');
      staffPdf = await clickForDownload(page, link);
      if (!staffPdf) {
        await expect(page.locator('main').textContent()).resolves.toContain(PDF_PREPARING_MESSAGE);
        link = 'Try the download again';
        await page.waitForTimeout(500);
      }
    }
    expect(staffPdf.suggestedFilename()).toBe('Freshman-Application-Odile-Farquharson.pdf');
    const bundled = pdfText(await staffPdf.path());
    expect(bundled).toContain('Farquharson');
    expect(bundled).toContain(`${PHRASE} 1`);

    // The ZIP of the filtered list's PDFs, built by a job; downloaded from the exports page.
    await page.goto(list);
    await page.getByRole('button', { name: "Prepare a ZIP of these applications' PDFs" }).click();
    await page.waitForURL((url) => /^\/staff\/exports\/[0-9a-f-]{36}$/.test(url.pathname));
    for (let i = 0; !(await page.getByText('The ZIP is ready.').isVisible()); i++) {
      if (i === 240) throw new Error(`the ZIP was never ready: ${await page.locator('main').textContent()}`);
      await page.waitForTimeout(250);
      await page.reload();
    }
    const bundle = new URL(page.url()).pathname;
    await page.goto(`${base}/staff/exports`);
    const exportRow = page.locator('tbody tr', { has: page.locator(`a[href="${bundle}/download"]`) });
    await expect(exportRow.locator('td').allTextContents()).resolves.toEqual(expect.arrayContaining([STAFF, 'Ready', 'Download ZIP']));
    const [zip] = await Promise.all([page.waitForEvent('download'), exportRow.getByRole('link', { name: 'Download ZIP' }).click()]);
    const entries = await zipEntries(await zip.path());
    const names = [...entries.keys()];
    expect(names).toEqual([`Odile-Farquharson-${user.id.slice(0, 8)}.pdf`]);
    const entryFile = `${await zip.path()}.entry.pdf`;
    writeFileSync(entryFile, entries.get(names[0]!)!);
    expect(pdfText(entryFile)).toContain(`${PHRASE} 1`);

    // The audit trail: the transcript's download by this member of staff, beside the PDF's and the ZIP's.
    await page.goto(`${base}/staff/audit`);
    const rows = page.locator('tbody tr', { hasText: user.username });
    const lines = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    // When, who, what, application, from: the one document downloaded, by this member of staff.
    expect(lines.filter((cells) => cells[2] === 'download-document').map((cells) => cells[1])).toEqual([STAFF]);
    expect(lines.map((cells) => cells[2])).toEqual(expect.arrayContaining(['view', 'download-pdf']));
    await desk.close();
  }, 180_000);
});
