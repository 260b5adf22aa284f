import { PDFDocument, EncryptedPDFError, degrees } from '@cantoo/pdf-lib';
import { headerDimensions, imageTooLargeMessage, MAX_IMAGE_PIXELS } from './image-limit.server.js';
import { ConversionRejected, isOutOfMemory, TOO_MUCH_MEMORY_MESSAGE } from './detect-type.server.js';
import { stripActiveContent } from '../pdf/strip-active-content.server.js';
import { withoutJpegMetadata } from './jpeg-metadata.server.js';

/** US Letter in PDF points, with a margin so printers do not clip the image. */
const LETTER = { width: 612, height: 792 } as const;
const MARGIN = 36;

const UNREADABLE_IMAGE = 'This image could not be read. Please save it again as PNG or JPEG and upload it.';
const ENCRYPTED_PDF = 'This PDF is password-protected. Please upload a copy without a password.';
const UNREADABLE_PDF = 'This PDF could not be read. Please save it again and upload it.';

/** The dimensions (and a JPEG's EXIF orientation) from the header (PNG IHDR, JPEG SOF), checked before anything is decoded. */
export function checkImageDimensions(bytes: Uint8Array, type: 'png' | 'jpeg'): { width: number; height: number; orientation: number } {
  const size = headerDimensions(bytes);
  if (!size || size.type !== (type === 'png' ? 'png' : 'jpg')) throw new ConversionRejected(UNREADABLE_IMAGE);
  const { width, height, orientation } = size;
  if (width * height > MAX_IMAGE_PIXELS) throw new ConversionRejected(imageTooLargeMessage(width, height));
  return { width, height, orientation };
}

/** One Letter page with the image centred and scaled down (never up) to fit inside the margins. */
export async function imageToPdf(bytes: Uint8Array, type: 'png' | 'jpeg'): Promise<Uint8Array> {
  // EXIF's orientation, read with the header, before the metadata is dropped below.
  const { orientation } = checkImageDimensions(bytes, type);
  const doc = await PDFDocument.create();
  let image;
  try {
    // pdf-lib reads the bytes through their ArrayBuffer from offset 0: hand it an unshared copy. A JPEG is embedded
    // as its bytes, so without the camera's metadata (a PNG's pixels are encoded again, its chunks left behind).
    image = type === 'png' ? await doc.embedPng(new Uint8Array(bytes)) : await doc.embedJpg(withoutJpegMetadata(bytes));
  } catch (err) {
    throw new ConversionRejected(isOutOfMemory(err) ? TOO_MUCH_MEMORY_MESSAGE : UNREADABLE_IMAGE);
  }
  if (image.width <= 0 || image.height <= 0) throw new ConversionRejected(UNREADABLE_IMAGE);
  const page = doc.addPage([LETTER.width, LETTER.height]);
  // A phone stores a portrait photo sideways and says so in EXIF: the page turns it (the mirrored orientations,
  // which cameras do not write, are drawn as stored).
  const quarterTurn = orientation === 6 || orientation === 8;
  const [shownWidth, shownHeight] = quarterTurn ? [image.height, image.width] : [image.width, image.height];
  const scale = Math.min(1, (LETTER.width - 2 * MARGIN) / shownWidth, (LETTER.height - 2 * MARGIN) / shownHeight);
  const width = image.width * scale;
  const height = image.height * scale;
  // The shown picture's lower left corner; pdf-lib turns the drawn image anticlockwise about its own lower left.
  const x = (LETTER.width - shownWidth * scale) / 2;
  const y = (LETTER.height - shownHeight * scale) / 2;
  if (orientation === 6) page.drawImage(image, { x, y: y + width, width, height, rotate: degrees(-90) });
  else if (orientation === 8) page.drawImage(image, { x: x + height, y, width, height, rotate: degrees(90) });
  else if (orientation === 3) page.drawImage(image, { x: x + width, y: y + height, width, height, rotate: degrees(180) });
  else page.drawImage(image, { x, y, width, height });
  doc.setProducer('Freshman Application');
  return doc.save();
}

/**
 * Loads and re-saves a PDF: what comes out was parsed and written by pdf-lib (no trailing payloads,
 * one consistent structure) without scripts, actions or attachments (stripActiveContent). Encrypted or
 * unparsable files are rejected with a clear message.
 */
export async function resavePdf(bytes: Uint8Array): Promise<Uint8Array> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(new Uint8Array(bytes), { updateMetadata: false });
  } catch (err) {
    if (err instanceof EncryptedPDFError || /encrypted/i.test((err as Error)?.message ?? '')) throw new ConversionRejected(ENCRYPTED_PDF);
    throw new ConversionRejected(UNREADABLE_PDF);
  }
  if (doc.isEncrypted) throw new ConversionRejected(ENCRYPTED_PDF);
  try {
    // A file that merely starts with %PDF- may have no catalog: counting pages then throws.
    if (doc.getPageCount() === 0) throw new Error('no pages');
    stripActiveContent(doc);
    return await doc.save();
  } catch {
    throw new ConversionRejected(UNREADABLE_PDF);
  }
}

/** Page count of a PDF we produced, to check a converter's output before accepting it. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  try {
    return (await PDFDocument.load(new Uint8Array(bytes), { updateMetadata: false })).getPageCount();
  } catch {
    return 0;
  }
}
