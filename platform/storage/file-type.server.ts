/**
 * The one file-type sniffer (issue 36): a file's type by its first bytes, never by the name it was sent with.
 * The web server names what it stores by it (the no-script upload's return, the counselor's transcript) and the
 * conversion worker decides how to convert by it, so the two cannot disagree about what a file is.
 */

/** What the first bytes say. `zip` is any zip (a .docx is one); `ole` is an old Office file (.doc, .xls). */
export type SniffedType = 'pdf' | 'png' | 'jpeg' | 'zip' | 'ole' | 'heic';

/** The types §5 accepts, by content: a zip counts as a .docx until the conversion has opened it. */
export type DocumentType = 'png' | 'jpeg' | 'pdf' | 'docx';

/** How many leading bytes the sniffer needs (HEIC's brand ends at byte 12). */
export const SNIFF_BYTES = 12;

/** The extension a stored file is named with, by its type. */
export const DOCUMENT_EXTENSIONS: Readonly<Record<DocumentType, string>> = { pdf: 'pdf', png: 'png', jpeg: 'jpg', docx: 'docx' };

const SIGNATURES: ReadonlyArray<{ type: SniffedType; bytes: readonly number[] }> = [
  { type: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] }, // PK\x03\x04
  { type: 'ole', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
];

/** ISO base media brands of HEIF pictures (an iPhone photo); a video's brands (mp4, qt) are not these. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

function startsWith(head: Uint8Array, bytes: readonly number[]): boolean {
  return head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
}

function latin1(head: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...head.subarray(from, to));
}

/** The type the first bytes (at least SNIFF_BYTES of them, more is fine) announce, or null for anything else. */
export function sniffFileType(head: Uint8Array): SniffedType | null {
  for (const signature of SIGNATURES) if (startsWith(head, signature.bytes)) return signature.type;
  if (head.length >= SNIFF_BYTES && latin1(head, 4, 8) === 'ftyp' && HEIF_BRANDS.has(latin1(head, 8, 12))) return 'heic';
  return null;
}

/** The accepted document type the first bytes announce; null for anything §5 does not take (a .doc, HEIC, garbage). */
export function sniffDocumentType(head: Uint8Array): DocumentType | null {
  const type = sniffFileType(head);
  if (type === 'zip') return 'docx';
  return type === 'pdf' || type === 'png' || type === 'jpeg' ? type : null;
}
