import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { childScript, convertIsolated } from '../../workers/convert/isolated.server.js';
import { makeDocx, makePng } from '../fixtures/documents.js';
import { testConfig } from '../helpers/config.js';
import { ROOT } from '../helpers/paths.js';

/**
 * The isolated processes start from their built files (scripts/build.mjs, docs/decisions/0260-one-build.md):
 * one self-contained JavaScript file each, which plain node runs (no TypeScript loader, nothing bundled at
 * run time), with LibreOffice's process guard beside it.
 */
const soffice = {
  sofficePath: testConfig(process.env.SOFFICE_PATH ? { SOFFICE_PATH: process.env.SOFFICE_PATH } : {}).sofficePath,
  timeoutMs: 60_000,
  tag: 'bundle',
};

/** What a built file imports that is not part of it (node's built-ins aside). */
function outsideImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  // esbuild writes a module's imports as statements at the start of a line (the text of a bundled package's
  // comments and strings never starts one).
  const specifiers = [...code.matchAll(/^(?:import|export)\s[^;]*?from\s*["']([^"']+)["'];/gm)].map((m) => m[1]!);
  expect(specifiers.length).toBeGreaterThan(0);
  return specifiers.filter((s) => !isBuiltin(s));
}

describe('the isolated processes from their built files', () => {
  it('are files of the build, each complete in itself, beside the process guard', () => {
    for (const name of ['convert-child', 'merge-child'] as const) {
      const file = childScript(name);
      expect(file).toBe(join(ROOT, 'dist', 'node', `${name}.mjs`));
      expect(existsSync(file)).toBe(true);
      expect([name, outsideImports(file)]).toEqual([name, []]);
    }
    expect(existsSync(join(dirname(childScript('convert-child')), 'process-guard.mjs'))).toBe(true);
  });

  it('convert an image and a Word file', async () => {
    const png = await convertIsolated(makePng(40, 30), soffice);
    expect(png.type).toBe('png');
    expect((await PDFDocument.load(png.pdf)).getPageCount()).toBe(1);
    if (!soffice.sofficePath) throw new Error('LibreOffice is needed (SOFFICE_PATH or soffice on PATH)');
    const docx = await convertIsolated(await makeDocx(), soffice);
    expect(docx.type).toBe('docx');
    expect((await PDFDocument.load(docx.pdf)).getPageCount()).toBeGreaterThan(0);
  }, 90_000);
});
