import type PgBoss from 'pg-boss';
import yazl from 'yazl';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { WorkerServices } from '../services.js';
import { PDF_ZIP_QUEUE, type PdfZipJob } from '../../platform/jobs/queues.js';
import { applicantName } from '../../form/applicant-name.js';
import { eachStaffApplication } from '../../db/repos/staff-applications.server.js';
import { findApplicationWithPdf, pdfIsCurrent } from '../../db/repos/application-pdfs.server.js';
import { findStaffExport, updateStaffExport } from '../../db/repos/staff-exports.server.js';
import { addLettersToZip } from './zip-letters.server.js';

const PROGRESS_EVERY = 10;

export function pdfZipKey(exportId: string): string {
  return `staff/exports/${exportId}.zip`;
}

/**
 * The application PDFs of a staff filter in one ZIP, in list order; applications without a current PDF
 * (not submitted, or still rendering) are named in not-included.txt rather than rendered here.
 * Streamed (issue 23 finding 17): each PDF is read from the store only when the ZIP reaches it, the ZIP is
 * written to a temporary file and handed to the store from there, so memory holds one PDF's chunks at a
 * time, not up to 1,000 PDFs (on the web process when WORKER=inline).
 */
export async function buildPdfZip(services: WorkerServices, exportId: string): Promise<void> {
  const { db, storage } = services;
  const job = await findStaffExport(db.knex, exportId);
  if (!job || job.status === 'ready') return;
  await updateStaffExport(db.knex, exportId, { status: 'running', done: 0 });
  const dir = await mkdtemp(join(tmpdir(), 'fa-zip-'));
  const file = join(dir, 'export.zip');
  try {
    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(file, { mode: 0o600 }));
    const missing: string[] = [];
    const names = new Set<string>();
    let rows = 0;
    let done = 0;
    for await (const row of eachStaffApplication(db.knex, job.filter, 200)) {
      rows += 1;
      const found = await findApplicationWithPdf(db.knex, row.user_id);
      const pdf = found?.pdf;
      const key =
        pdf?.status === 'COMPLETED' && pdf.output_key && (await pdfIsCurrent(db.knex, row.user_id, found!.version, pdf))
          ? pdf.output_key
          : null;
      if (key && (await storage.head(key))) {
        const base = `${applicantName(found!.answers, 'Applicant').replace(/[^A-Za-z0-9]+/g, '-')}-${row.user_id.slice(0, 8)}`;
        let name = `${base}.pdf`;
        for (let n = 2; names.has(name); n += 1) name = `${base}-${n}.pdf`;
        names.add(name);
        await addLettersToZip(services, zip, row.user_id, name.replace(/\.pdf$/, ''));
        // Opened when the ZIP reaches this entry, one at a time.
        zip.addReadStreamLazy(name, { compress: false }, (cb) => {
          done += 1;
          if (done % PROGRESS_EVERY === 0) void updateStaffExport(db.knex, exportId, { done }).catch(() => undefined);
          storage.getStream(key).then(
            (stream) => (stream ? cb(null, stream) : cb(new Error(`the PDF ${key} disappeared from the store`), undefined as never)),
            (err: unknown) => cb(err, undefined as never),
          );
        });
      } else {
        done += 1;
        missing.push(`${row.username}\t${row.submitted_at ? 'PDF not ready' : 'not submitted'}`);
      }
    }
    if (missing.length > 0)
      zip.addBuffer(Buffer.from(`Applications without a PDF in this file:\n${missing.join('\n')}\n`), 'not-included.txt');
    zip.end();
    await written;
    const key = pdfZipKey(exportId);
    await storage.putFile(key, file, 'application/zip');
    await updateStaffExport(db.knex, exportId, { status: 'ready', done: rows, total: rows, output_key: key, completed_at: services.now() });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function registerPdfZip(boss: PgBoss, services: WorkerServices): Promise<void> {
  await boss.work<PdfZipJob>(PDF_ZIP_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async ([job]) => {
    if (!job) return;
    try {
      await buildPdfZip(services, job.data.exportId);
    } catch (err) {
      await updateStaffExport(services.db.knex, job.data.exportId, {
        status: 'failed',
        message: 'The ZIP could not be built; prepare it again.',
      });
      throw err;
    }
  });
}
