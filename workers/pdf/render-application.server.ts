import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Browser, BrowserContext } from 'playwright-core';
import { formDefinition } from '../../form/definition.js';
import type { Page } from '../../form/types.js';

export interface RenderInput {
  baseUrl: string;
  /** A short-lived staff token for this application: the renderer sees exactly the staff view. */
  serviceToken: string;
  applicantName: string;
  /** Converted documents (PDF bytes) appended after the form pages, in definition order. */
  documents: Array<{ label: string; pdf: Uint8Array }>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function printPage(context: BrowserContext, input: RenderInput, page: Page): Promise<Uint8Array> {
  const tab = await context.newPage();
  try {
    const url = `${input.baseUrl}${page.path}?service_token=${encodeURIComponent(input.serviceToken)}`;
    const response = await tab.goto(url, { waitUntil: 'load', timeout: 30_000 });
    if (!response || !response.ok()) throw new Error(`the staff view of ${page.path} answered ${response?.status() ?? 'nothing'}`);
    await tab.emulateMedia({ media: 'print' });
    return await tab.pdf({
      format: 'Letter',
      printBackground: true,
      margin: { top: '0.8in', bottom: '0.8in', left: '0.7in', right: '0.7in' },
      displayHeaderFooter: true,
      headerTemplate: `<div style="font-size:9px;width:100%;padding:0 0.7in;display:flex;justify-content:space-between;font-family:sans-serif;color:#333"><span>Freshman Application: ${escapeHtml(input.applicantName)}</span><span>${escapeHtml(page.title)}</span></div>`,
      // Page numbers are drawn after merging, across the whole document.
      footerTemplate: '<div></div>',
    });
  } finally {
    await tab.close();
  }
}

/**
 * Prints the read-only staff layout of each form page (§9 generated PDF pages: about, education,
 * final-steps) with the applicant's name and the page heading in the header, appends the converted
 * documents, and numbers every page of the result.
 */
export async function renderApplicationPdf(browser: Browser, input: RenderInput): Promise<{ pdf: Uint8Array; pageCount: number }> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  let parts: Uint8Array[];
  try {
    // The pages print in parallel tabs: Chromium lays each out in its own renderer, so a PDF takes
    // about as long as its slowest page instead of the sum of all three.
    parts = await Promise.all(formDefinition().pages.map((page) => printPage(context, input, page)));
  } finally {
    await context.close();
  }
  const merged = await PDFDocument.create();
  merged.setTitle(`Freshman Application: ${input.applicantName}`);
  for (const part of [...parts, ...input.documents.map((d) => d.pdf)]) {
    const source = await PDFDocument.load(part);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const p of pages) merged.addPage(p);
  }
  const font = await merged.embedFont(StandardFonts.Helvetica);
  const total = merged.getPageCount();
  merged.getPages().forEach((p, i) => {
    const text = `Page ${i + 1} of ${total}`;
    const size = 9;
    const width = font.widthOfTextAtSize(text, size);
    p.drawText(text, { x: (p.getWidth() - width) / 2, y: 24, size, font, color: rgb(0.2, 0.2, 0.2) });
  });
  return { pdf: await merged.save(), pageCount: total };
}
