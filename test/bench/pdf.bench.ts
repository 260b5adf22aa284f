import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { AppServices } from '../../platform/app-services.server.js';
import { WarmBrowser } from '../../workers/pdf/warm-browser.server.js';
import { renderApplicationPdf } from '../../workers/pdf/render-application.server.js';
import { signPrintToken } from '../../platform/tokens/print-token.server.js';

async function samplePdf(title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText(title, { x: 72, y: 700, size: 18, font });
  return doc.save();
}

/**
 * Application PDF (3 form pages + 2 one-page documents): cold = launching Chromium included; warm = the median of
 * the next runs, after `warmSeconds` of renders not measured. Like an HTTP figure (test/bench/http.ts), a warm
 * figure is the steady state of a worker that prints all day: the first renders in a fresh process are V8 still
 * compiling the print view's server code and pdf-lib (the print view's first responses took 1.5 s, 230, 170, 110 ms
 * and it settles near 50 ms on the same machine).
 */
export async function benchPdf(options: {
  baseUrl: string;
  services: AppServices;
  userId: string;
  runs?: number;
  warmSeconds?: number;
}): Promise<{ coldMs: number; warmMedianMs: number; pages: number; warmedRuns: number } | null> {
  const { config } = options.services;
  if (!config.chromiumPath) return null;
  const documents = [
    { label: 'transcript', pdf: await samplePdf('Transcript') },
    { label: 'essay', pdf: await samplePdf('Essay') },
  ];
  const browser = new WarmBrowser(config.chromiumPath);
  const once = async () => {
    const started = performance.now();
    const result = await renderApplicationPdf(await browser.get(), {
      baseUrl: options.baseUrl,
      serviceToken: signPrintToken(config.sessionSecret, options.userId, new Date()),
      applicantName: 'Bench Applicant',
      documents,
    });
    return { ms: performance.now() - started, pages: result.pageCount };
  };
  try {
    const cold = await once();
    const warmUntil = performance.now() + (options.warmSeconds ?? 0) * 1000;
    let warmedRuns = 0;
    while (performance.now() < warmUntil) {
      await once();
      warmedRuns++;
    }
    const warm: number[] = [];
    for (let i = 0; i < (options.runs ?? 5); i++) warm.push((await once()).ms);
    warm.sort((a, b) => a - b);
    return { coldMs: Math.round(cold.ms), warmMedianMs: Math.round(warm[Math.floor(warm.length / 2)]!), pages: cold.pages, warmedRuns };
  } finally {
    await browser.close();
  }
}
