import { describe, expect, it } from '@jest/globals';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { FILE_MAX_BYTES, FILE_MESSAGES } from '../../form/documents.js';
import { ConversionRejected, detectDocumentType } from '../../workers/convert/detect-type.server.js';
import { convertToPdf } from '../../workers/convert/convert.server.js';
import { docxToPdf, SOFFICE_WORK_PREFIX } from '../../workers/convert/soffice.server.js';
import {
  makeBrokenPdf,
  makeDocx,
  makeDocxZipBomb,
  makeEncryptedPdf,
  makeExe,
  makeJpeg,
  makePdf,
  makePlainZip,
  makePng,
} from '../fixtures/documents.js';
import { testConfig } from '../helpers/config.js';
import { gatedDescribe } from '../helpers/gate.js';
import { TEST_TMP } from '../helpers/paths.js';

// Found the way the server finds it: SOFFICE_PATH, else `soffice` on PATH.
const SOFFICE = testConfig(process.env.SOFFICE_PATH ? { SOFFICE_PATH: process.env.SOFFICE_PATH } : {}).sofficePath;
const soffice = { sofficePath: SOFFICE, timeoutMs: 60_000, tag: 'documents-convert' };
const describeWithSoffice = gatedDescribe(
  SOFFICE !== null,
  'no LibreOffice found (apt-get install libreoffice-writer-nogui, or set SOFFICE_PATH)',
);

/**
 * A LibreOffice that never finishes: it starts the real soffice with the same arguments, freezes it
 * (SIGSTOP) and waits. A conversion through it outlasts any timeout, however fast the machine, and the
 * frozen soffice is a process tree that only the timeout's kill can end.
 */
function neverEndingSoffice(real: string): string {
  const path = join(mkdtempSync(join(TEST_TMP, 'soffice-hang-')), 'soffice');
  writeFileSync(path, `#!/bin/sh\n"${real}" "$@" &\nkill -STOP $!\nexec sleep 3600\n`);
  chmodSync(path, 0o755);
  return path;
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ConversionRejected);
    return (err as Error).message;
  }
  throw new Error('expected a rejection');
}

/** Processes whose command line mentions `needle` (Linux /proc). */
function processesMentioning(needle: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle)) found.push(Number(pid));
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

/** The processes still running with `needle` on their command line after up to 5 s (none, once a killed tree is gone). */
async function processesGone(needle: string): Promise<number[]> {
  for (let waited = 0; waited < 5000; waited += 100) {
    if (processesMentioning(needle).length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return processesMentioning(needle);
}

describe('type detection by content', () => {
  it('recognises png, jpeg, pdf and docx by their bytes', async () => {
    expect(await detectDocumentType(makePng())).toBe('png');
    expect(await detectDocumentType(makeJpeg())).toBe('jpeg');
    expect(await detectDocumentType(await makePdf())).toBe('pdf');
    expect(await detectDocumentType(await makeDocx())).toBe('docx');
  });

  it('rejects an executable, whatever it is called, with the §5 type message', async () => {
    expect(await rejection(detectDocumentType(makeExe()))).toBe(FILE_MESSAGES.wrongType);
  });

  it('rejects a zip that is not a Word document', async () => {
    expect(await rejection(detectDocumentType(makePlainZip()))).toBe(FILE_MESSAGES.wrongType);
  });

  it('rejects empty and oversize content with the §5 messages', async () => {
    expect(await rejection(detectDocumentType(Buffer.alloc(0)))).toBe(FILE_MESSAGES.empty);
    expect(await rejection(detectDocumentType(Buffer.alloc(FILE_MAX_BYTES + 1, 0x25)))).toBe(FILE_MESSAGES.tooLarge);
  });

  it('rejects a docx zip bomb from its declared sizes', async () => {
    const bomb = makeDocxZipBomb(100);
    expect(bomb.length).toBeLessThan(FILE_MAX_BYTES);
    expect(await rejection(detectDocumentType(bomb))).toMatch(/could not be read/);
  });

  it('rejects a docx zip bomb whose headers lie about the size', async () => {
    const bomb = makeDocxZipBomb(100, true);
    expect(await rejection(detectDocumentType(bomb))).toMatch(/could not be read/);
  });
});

describe('conversion with pdf-lib', () => {
  it.each([
    ['png', makePng(800, 1200)],
    ['jpeg', makeJpeg()],
  ])('turns a %s into one Letter page', async (_type, bytes) => {
    const { pdf } = await convertToPdf(bytes, soffice);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([width, height]).toEqual([612, 792]);
  });

  it('re-saves a PDF keeping its pages', async () => {
    const { type, pdf } = await convertToPdf(await makePdf(3), soffice);
    expect(type).toBe('pdf');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(3);
  });

  it('rejects an encrypted PDF with a clear message', async () => {
    expect(await rejection(convertToPdf(makeEncryptedPdf(), soffice))).toMatch(/password-protected/);
  });

  it('rejects a broken PDF with a clear message', async () => {
    expect(await rejection(convertToPdf(makeBrokenPdf(), soffice))).toMatch(/could not be read/);
  });

  it('rejects a PNG whose data is corrupt', async () => {
    const png = makePng();
    png.fill(0, 40, 60);
    expect(await rejection(convertToPdf(png, soffice))).toMatch(/could not be read/);
  });
});

describeWithSoffice('docx with LibreOffice', () => {
  it('converts a docx to a PDF', async () => {
    const { type, pdf } = await convertToPdf(await makeDocx(), { ...soffice, tag: 'unit-ok' });
    expect(type).toBe('docx');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(1);
    expect(processesMentioning(`${SOFFICE_WORK_PREFIX}unit-ok-`)).toEqual([]);
  });

  it('fails with a message naming SOFFICE_PATH when LibreOffice is missing', async () => {
    const message = await rejection(convertToPdf(await makeDocx(), { ...soffice, sofficePath: '/nonexistent/soffice' }));
    expect(message).toMatch(/SOFFICE_PATH/);
    expect(await rejection(convertToPdf(await makeDocx(), { ...soffice, sofficePath: null }))).toMatch(/SOFFICE_PATH/);
  });

  it('kills the whole process tree at the hard timeout', async () => {
    const tag = `unit-timeout-${process.pid}`;
    const message = await rejection(docxToPdf(await makeDocx(), { sofficePath: neverEndingSoffice(SOFFICE!), timeoutMs: 2000, tag }));
    expect(message).toMatch(/too long/);
    // SIGKILL is delivered at once but a large process takes a moment to be torn down on a loaded machine.
    expect(await processesGone(`${SOFFICE_WORK_PREFIX}${tag}-`)).toEqual([]);
  });
});
