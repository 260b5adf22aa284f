import type PgBoss from 'pg-boss';
import yazl from 'yazl';
import type { WorkerServices } from '../services.js';
import { PDF_ZIP_QUEUE, type PdfZipJob } from '../queues.js';
import { applicantName } from '../../form/applicant-name.js';
import { eachStaffApplication } from '../../db/repos/staff-applications.server.js';
import { findApplicationWithPdf } from '../../db/repos/application-pdfs.server.js';
import { findStaffExport, updateStaffExport } from '../../db/repos/staff-exports.server.js';

const PROGRESS_EVERY = 10;

export function pdfZipKey(exportId: string): string {
  return `staff/exports/${exportId}.zip`;
}

function collect(zip: yazl.ZipFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * The application PDFs of a staff filter in one ZIP, in list order; applications without a current PDF
 * (not submitted, or still rendering) are named in not-included.txt rather than rendered here.
 */
export async function buildPdfZip(services: WorkerServices, exportId: string): Promise<void> {
  const { db, storage } = services;
  const job = await findStaffExport(db.knex, exportId);
  if (!job || job.status === 'ready') return;
  await updateStaffExport(db.knex, exportId, { status: 'running', done: 0 });
  const zip = new yazl.ZipFile();
  const output = collect(zip);
  const missing: string[] = [];
  const names = new Set<string>();
  let done = 0;
  for await (const row of eachStaffApplication(db.knex, job.filter, 200)) {
    const found = await findApplicationWithPdf(db.knex, row.user_id);
    const pdf = found?.pdf;
    const body = pdf?.status === 'COMPLETED' && pdf.output_key && pdf.answers_version === found!.version ? await storage.get(pdf.output_key) : null;
    if (body) {
      const base = `${applicantName(found!.answers, 'Applicant').replace(/[^A-Za-z0-9]+/g, '-')}-${row.user_id.slice(0, 8)}`;
      let name = `${base}.pdf`;
      for (let n = 2; names.has(name); n += 1) name = `${base}-${n}.pdf`;
      names.add(name);
      zip.addBuffer(body, name, { compress: false });
    } else {
      missing.push(`${row.username}\t${row.submitted_at ? 'PDF not ready' : 'not submitted'}`);
    }
    done += 1;
    if (done % PROGRESS_EVERY === 0) await updateStaffExport(db.knex, exportId, { done });
  }
  if (missing.length > 0) zip.addBuffer(Buffer.from(`Applications without a PDF in this file:\n${missing.join('\n')}\n`), 'not-included.txt');
  zip.end();
  const key = pdfZipKey(exportId);
  await storage.put(key, await output, 'application/zip');
  await updateStaffExport(db.knex, exportId, { status: 'ready', done, total: done, output_key: key, completed_at: services.now() });
}

export async function registerPdfZip(boss: PgBoss, services: WorkerServices): Promise<void> {
  await boss.work<PdfZipJob>(PDF_ZIP_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
    if (!job) return;
    try {
      await buildPdfZip(services, job.data.exportId);
    } catch (err) {
      await updateStaffExport(services.db.knex, job.data.exportId, { status: 'failed', message: 'The ZIP could not be built; prepare it again.' });
      throw err;
    }
  });
}
