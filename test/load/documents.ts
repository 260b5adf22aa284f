/** The transcripts the load test's applicants upload. */
import { makeDocx, makeJpeg, makePdf, makePng } from '../fixtures/documents.js';

export type DocumentKind = 'pdf' | 'jpeg' | 'png' | 'docx';

/** Documents as applicants send them: mostly PDFs and phone photos, now and then a Word file. */
export function documentKind(index: number): DocumentKind {
  if (index % 10 === 9) return 'docx';
  return (['pdf', 'jpeg', 'png'] as const)[index % 3]!;
}

/** One sample file of each kind, made once for the whole run. */
export async function sampleDocuments(): Promise<Record<DocumentKind, { name: string; bytes: Buffer }>> {
  return {
    pdf: { name: 'transcript.pdf', bytes: await makePdf(2) },
    jpeg: { name: 'transcript.jpg', bytes: makeJpeg() },
    png: { name: 'transcript.png', bytes: makePng(800, 1000) },
    docx: { name: 'transcript.docx', bytes: await makeDocx(['Unofficial transcript', 'Algebra II: A', 'Chemistry: A-']) },
  };
}
