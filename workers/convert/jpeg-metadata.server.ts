/** Start of scan: from here on the file is picture data (and the markers between scans), copied as it is. */
const SOS = 0xda;
const SOI = 0xd8;
const COM = 0xfe;
const APP1 = 0xe1;
/** APP0 (JFIF), APP2 (the ICC colour profile) and APP14 (Adobe's colour transform) change how the picture looks. */
const KEPT_APP_SEGMENTS = new Set([0xe0, 0xe2, 0xee]);

export class JpegStructureError extends Error {
  constructor() {
    super('the JPEG segments before its picture data do not add up');
  }
}

function dropped(marker: number): boolean {
  return marker === COM || (marker >= 0xe0 && marker <= 0xef && !KEPT_APP_SEGMENTS.has(marker));
}

/**
 * A JPEG without what the phone wrote beside the picture: EXIF and XMP (APP1: where and when the photo was taken,
 * the phone's make and serial), IPTC (APP13), comments and the other application segments. pdf-lib embeds a JPEG's
 * bytes as they are, so without this an applicant's home could travel, as GPS coordinates, inside the PDF the office
 * downloads. The picture's bytes are untouched (nothing is decoded or encoded again); EXIF's orientation is read
 * first and returned, for the page to turn the picture as the phone meant it. A file whose segments do not add up
 * throws JpegStructureError (the conversion says the image could not be read).
 */
export function withoutJpegMetadata(bytes: Uint8Array): { jpeg: Uint8Array; orientation: ExifOrientation } {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) throw new JpegStructureError();
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation: ExifOrientation = 1;
  let at = 2;
  for (;;) {
    if (at >= bytes.length || bytes[at] !== 0xff) throw new JpegStructureError();
    // Any number of 0xFF fill bytes may come before a marker.
    let markerAt = at;
    while (markerAt + 1 < bytes.length && bytes[markerAt + 1] === 0xff) markerAt += 1;
    const marker = bytes[markerAt + 1];
    if (marker === undefined || markerAt + 3 >= bytes.length) throw new JpegStructureError();
    if (marker === SOS) {
      kept.push(bytes.subarray(markerAt));
      break;
    }
    const end = markerAt + 2 + ((bytes[markerAt + 2]! << 8) | bytes[markerAt + 3]!);
    if (end > bytes.length || end < markerAt + 4) throw new JpegStructureError();
    if (marker === APP1 && orientation === 1) orientation = exifOrientation(bytes.subarray(markerAt + 4, end));
    if (!dropped(marker)) kept.push(bytes.subarray(markerAt, end));
    at = end;
  }
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return { jpeg: out, orientation };
}

/** EXIF's orientation: 1 upright, 3 upside down, 6 to be turned a quarter clockwise, 8 anticlockwise; 2, 4, 5 and 7 mirrored. */
export type ExifOrientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** Tag 0x0112 of an APP1 segment's first directory (IFD0), read from its TIFF header; 1 when absent or unreadable. */
function exifOrientation(app1: Uint8Array): ExifOrientation {
  const view = new DataView(app1.buffer, app1.byteOffset, app1.byteLength);
  if (app1.length < 14 || Buffer.from(app1.subarray(0, 6)).toString('latin1') !== 'Exif\0\0') return 1;
  const tiff = 6;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return 1;
  const little = order === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > app1.length) return 1;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > app1.length) return 1;
    // SHORT (type 3), one value, held in the entry itself.
    if (view.getUint16(entry, little) !== 0x0112) continue;
    if (view.getUint16(entry + 2, little) !== 3) return 1;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? (value as ExifOrientation) : 1;
  }
  return 1;
}
