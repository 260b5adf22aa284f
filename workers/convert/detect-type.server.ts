import yauzl from 'yauzl';
import { FILE_MAX_BYTES, FILE_MESSAGES } from '../../form/documents.js';
import { decodeXml, findDocxHazard, type PackagePart } from './docx-hazards.server.js';
import { headerDimensions, MAX_IMAGE_PIXELS, pictureInDocumentTooLargeMessage } from './image-limit.server.js';
import { nextEntry } from '../../platform/storage/zip-entries.server.js';
import { sniffDocumentType, type DocumentType } from '../../platform/storage/file-type.server.js';

/** A file that can never be converted: the job ends FAILED with this message, without retries. */
export class ConversionRejected extends Error {}

/**
 * Rejected for taking too long. On a machine busy with other conversions and PDFs (the night before a
 * deadline) that may be the machine's doing, not the file's: the job tries again while it has retries,
 * and only the last attempt's timeout reaches the applicant.
 */
export class ConversionTimedOut extends ConversionRejected {}

/** The conversion process ran out of the memory it is allowed (ADR 0060). */
export const TOO_MUCH_MEMORY_MESSAGE =
  'This file needs more memory to convert than we allow. Please save it as PDF (or scale the image down) and upload it again.';

/** An allocation refused by the conversion process's caps (V8 heap or data limit), as opposed to a bad file. */
export function isOutOfMemory(err: unknown): boolean {
  return err instanceof RangeError && /allocation failed|out of memory|invalid array length|invalid typed array length/i.test(err.message);
}

/** A 1 MB Word file unpacks to a few MB at most; far more means a zip bomb or not a document. */
export const DOCX_MAX_UNPACKED_BYTES = 40 * 1024 * 1024;
export const DOCX_MAX_ENTRIES = 2000;

/** Formats with a firm signature that LibreOffice decodes whole (a loosely detected format proves nothing). */
const PICTURE_TYPES = new Set(['png', 'jpg', 'gif', 'bmp', 'tiff', 'webp']);

const UNREADABLE_DOCX = 'This Word document could not be read. Please save it again (or as PDF) and upload it.';

/** Size rules of §5, checked by the server whatever the browser or the store allowed. */
export function checkSize(size: number): void {
  if (size <= 0) throw new ConversionRejected(FILE_MESSAGES.empty);
  if (size > FILE_MAX_BYTES) throw new ConversionRejected(FILE_MESSAGES.tooLarge);
}

/** The type by content (platform/storage/file-type.server.ts; DOCX by its zip entries too). The name's extension is not trusted. */
export async function detectDocumentType(bytes: Buffer): Promise<DocumentType> {
  checkSize(bytes.length);
  const type = sniffDocumentType(bytes);
  if (!type) throw new ConversionRejected(FILE_MESSAGES.wrongType);
  if (type === 'docx') await inspectDocx(bytes);
  return type;
}

/**
 * A DOCX is a zip holding [Content_Types].xml and word/document.xml. Entries are inspected in memory
 * (nothing is extracted to disk): their count and declared sizes are bounded first, then every entry
 * is inflated into a counter so a zip whose headers lie about sizes is caught too (yauzl compares).
 * The text of every .xml and .rels part is kept for findDocxHazard: links, linking fields, OLE/ActiveX
 * objects and macros are refused with a message saying which (ADR 0060).
 */
export async function inspectDocx(bytes: Buffer): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw new ConversionRejected(FILE_MESSAGES.wrongType);
  }
  try {
    if (zip.entryCount > DOCX_MAX_ENTRIES) throw new ConversionRejected(UNREADABLE_DOCX);
    const names = new Set<string>();
    const parts: PackagePart[] = [];
    let declared = 0;
    let inflated = 0;
    for (;;) {
      const entry = await nextEntry(zip);
      if (!entry) break;
      names.add(entry.fileName);
      if (entry.isEncrypted()) throw new ConversionRejected(UNREADABLE_DOCX);
      declared += entry.uncompressedSize;
      if (declared > DOCX_MAX_UNPACKED_BYTES) throw new ConversionRejected(UNREADABLE_DOCX);
      if (entry.fileName.endsWith('/')) continue;
      // Markup is judged by content, not by name: the main part may be called anything _rels/.rels says.
      const { size, data } = await inflate(zip, entry, DOCX_MAX_UNPACKED_BYTES - inflated);
      inflated += size;
      parts.push({ name: entry.fileName, text: looksLikeXml(data) ? decodeXml(data) : null });
      // LibreOffice decodes pictures whole too: a 10 KB document holding a 20000 × 20000 PNG took 30 s.
      const picture = looksLikeXml(data) ? null : headerDimensions(data);
      if (picture && PICTURE_TYPES.has(picture.type) && picture.width * picture.height > MAX_IMAGE_PIXELS)
        throw new ConversionRejected(pictureInDocumentTooLargeMessage(picture.width, picture.height));
    }
    if (!names.has('[Content_Types].xml') || !names.has('word/document.xml')) throw new ConversionRejected(FILE_MESSAGES.wrongType);
    const hazard = findDocxHazard(parts);
    if (hazard) throw new ConversionRejected(hazard);
  } catch (err) {
    if (err instanceof ConversionRejected) throw err;
    throw new ConversionRejected(UNREADABLE_DOCX);
  } finally {
    zip.close();
  }
}

/** XML in UTF-8 (with or without a BOM) or UTF-16: starts with "<" after any BOM and white space. */
function looksLikeXml(data: Buffer): boolean {
  const head = data.subarray(0, 64);
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) return true;
  if ((head[0] === 0x3c && head[1] === 0x00) || (head[0] === 0x00 && head[1] === 0x3c)) return true;
  return /^(\xef\xbb\xbf)?\s*</.test(head.toString('latin1'));
}

/** Inflates one entry within the budget (the bounded total is what makes keeping it in memory safe). */
async function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: number): Promise<{ size: number; data: Buffer }> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > budget) {
      stream.destroy();
      throw new ConversionRejected(UNREADABLE_DOCX);
    }
    chunks.push(chunk as Buffer);
  }
  return { size: total, data: Buffer.concat(chunks) };
}
