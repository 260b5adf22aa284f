import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import { stripActiveContent } from './strip-active-content.server.js';

export interface MergeInput {
  applicantName: string;
  /** The printed form pages, then the converted documents, in order. */
  parts: Uint8Array[];
}

/**
 * Puts the application PDF together: every page of every part, in order, cleaned of active content
 * (documents stored before uploads were cleaned, and whatever Chromium adds, leave here inert too), and
 * every page numbered. Runs in a warm merge process (workers/pdf/merge-pool.server.ts), not on a web process's event loop.
 */
export async function mergeApplicationPdf(input: MergeInput): Promise<{ pdf: Uint8Array; pageCount: number }> {
  const merged = await PDFDocument.create();
  merged.setTitle(`Freshman Application: ${input.applicantName}`);
  for (const part of input.parts) {
    const source = await PDFDocument.load(part);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const p of pages) merged.addPage(p);
  }
  stripActiveContent(merged);
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
