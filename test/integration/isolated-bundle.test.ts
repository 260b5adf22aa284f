import { describe, expect, it } from '@jest/globals';
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledScript } from '../../workers/convert/child-bundle.server.js';
import { convertIsolated } from '../../workers/convert/isolated.server.js';
import { PDFDocument } from '@cantoo/pdf-lib';
import { makeDocx, makePng } from '../fixtures/documents.js';
import { testConfig } from '../helpers/config.js';

/**
 * The isolated processes start from one bundled JavaScript file once it is built (workers/convert/child-bundle):
 * the same conversions, from a private directory, LibreOffice's process guard still found beside its module.
 */
const CHILD = fileURLToPath(new URL('../../workers/convert/convert-child.server.ts', import.meta.url));
const soffice = { sofficePath: testConfig(process.env.SOFFICE_PATH ? { SOFFICE_PATH: process.env.SOFFICE_PATH } : {}).sofficePath, timeoutMs: 60_000, tag: 'bundle' };

async function bundleOf(script: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const bundle = bundledScript(script);
    if (bundle) return bundle;
    if (Date.now() > deadline) throw new Error('the bundle was never built');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the conversion process from its bundle', () => {
  it('is built once, into a directory only this process can read', async () => {
    const bundle = await bundleOf(CHILD);
    expect(bundle).toMatch(/convert-child\.server\.mjs$/);
    expect(statSync(dirname(bundle)).mode & 0o077).toBe(0);
    expect(bundledScript(CHILD)).toBe(bundle);
  });

  it('converts an image and a Word file as the tsx-started process did', async () => {
    await bundleOf(CHILD);
    const png = await convertIsolated(makePng(40, 30), soffice);
    expect(png.type).toBe('png');
    expect((await PDFDocument.load(png.pdf)).getPageCount()).toBe(1);
    if (!soffice.sofficePath) throw new Error('LibreOffice is needed (SOFFICE_PATH or soffice on PATH)');
    const docx = await convertIsolated(await makeDocx(), soffice);
    expect(docx.type).toBe('docx');
    expect((await PDFDocument.load(docx.pdf)).getPageCount()).toBeGreaterThan(0);
  }, 90_000);
});
