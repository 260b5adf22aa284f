/** Start of scan: from here on the file is picture data (and the markers between scans), copied as it is. */
const SOS = 0xda;
const SOI = 0xd8;
const COM = 0xfe;
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
 * beforehand with the header (image-limit.server.ts), for the page to turn the picture as the phone meant it. A
 * file whose segments do not add up throws JpegStructureError (the conversion says the image could not be read).
 */
export function withoutJpegMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) throw new JpegStructureError();
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
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
    if (!dropped(marker)) kept.push(bytes.subarray(markerAt, end));
    at = end;
  }
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
