import { imageSize } from 'image-size';

/**
 * Decoding a PNG takes 4 bytes a pixel and more: a 49 KB PNG can declare 20000 × 20000 pixels and take
 * gigabytes and half a minute (pdf-lib for an uploaded image, LibreOffice for a picture inside a Word
 * document alike). 25 megapixels is more than any phone photo that fits in 1 MB.
 */
export { MAX_IMAGE_PIXELS } from '../../form/limits.js';

export function imageTooLargeMessage(width: number, height: number): string {
  return `This image is too large: it is ${width} × ${height} pixels, and the most we accept is 25 megapixels (for example 5000 × 5000 pixels). Please scale it down (or save it as PDF) and upload it again.`;
}

export function pictureInDocumentTooLargeMessage(width: number, height: number): string {
  return `This Word document contains a picture that is too large: it is ${width} × ${height} pixels, and the most we accept is 25 megapixels (for example 5000 × 5000 pixels). Please scale it down (or save the document as PDF) and upload it again.`;
}

/**
 * Width, height and format from the header alone (PNG IHDR, JPEG SOF, GIF, BMP, TIFF, WebP…), or null; and EXIF's
 * orientation when a JPEG has one (1 upright, 3 upside down, 6 to be turned a quarter clockwise, 8 anticlockwise;
 * 2, 4, 5 and 7 mirrored), else 1.
 */
export function headerDimensions(bytes: Uint8Array): { width: number; height: number; type: string; orientation: number } | null {
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height || !size.type) return null;
    return { width: size.width, height: size.height, type: size.type, orientation: size.orientation ?? 1 };
  } catch {
    return null;
  }
}
