import { describe, expect, it } from '@jest/globals';
import { DOCUMENT_EXTENSIONS, sniffDocumentType, sniffFileType } from '../../platform/storage/file-type.server.js';

const bytes = (...values: number[]) => Buffer.from(values);
const withTail = (head: Buffer) => Buffer.concat([head, Buffer.alloc(32, 0x41)]);

const PDF = Buffer.from('%PDF-1.7\n', 'latin1');
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);
const DOCX = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00);
const DOC = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const heif = (brand: string) => Buffer.concat([bytes(0x00, 0x00, 0x00, 0x18), Buffer.from(`ftyp${brand}`, 'latin1')]);

describe('sniffFileType: a file by its first bytes (the web server and the conversion worker alike)', () => {
  it.each([
    ['a PDF', PDF, 'pdf'],
    ['a PNG', PNG, 'png'],
    ['a JPEG', JPEG, 'jpeg'],
    ['a Word .docx (a zip)', DOCX, 'zip'],
    ['an old Word .doc (OLE)', DOC, 'ole'],
    ['an iPhone photo (HEIC)', heif('heic'), 'heic'],
    ['a HEIF picture (mif1)', heif('mif1'), 'heic'],
  ] as const)('knows %s', (_name, head, type) => {
    expect(sniffFileType(withTail(head))).toBe(type);
    expect(sniffFileType(head)).toBe(type);
  });

  it.each([
    ['nothing', Buffer.alloc(0)],
    ['text', Buffer.from('hello, this is not a document', 'latin1')],
    ['a PDF signature not at the start', Buffer.from(' %PDF-1.7', 'latin1')],
    ['half a PNG signature', PNG.subarray(0, 4)],
    ['an MP4 video (ftyp, not a picture brand)', heif('isom')],
    ['random bytes', bytes(0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b)],
  ])('knows nothing of %s', (_name, head) => expect(sniffFileType(head)).toBeNull());
});

describe('sniffDocumentType: the types §5 accepts (FILE_EXTENSIONS), by content', () => {
  it.each([
    [PDF, 'pdf', 'pdf'],
    [PNG, 'png', 'png'],
    [JPEG, 'jpeg', 'jpg'],
    [DOCX, 'docx', 'docx'],
  ] as const)('takes %#: %s, stored as .%s', (head, type, extension) => {
    expect(sniffDocumentType(withTail(head))).toBe(type);
    expect(DOCUMENT_EXTENSIONS[type]).toBe(extension);
  });

  it.each([
    ['a .doc', DOC],
    ['a HEIC photo (the browser converts it first)', heif('heic')],
    ['garbage', Buffer.from('MZ\x90\x00 not a document', 'latin1')],
  ])('refuses %s', (_name, head) => expect(sniffDocumentType(withTail(head))).toBeNull());
});
