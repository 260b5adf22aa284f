import type * as PdfLib from 'pdf-lib';
import pdfLibBuild from 'pdf-lib/dist/pdf-lib.min.js';

/**
 * pdf-lib through its own one-file build. The package's entry is some two hundred CommonJS files: loading
 * them took 0.15–0.4 s of CPU (more through tsx), paid by every conversion process and every warm merge
 * process at its start; the one-file build of the same version loads in about 30 ms. Every module (tests
 * too) takes pdf-lib from here, so `instanceof` sees one set of classes.
 */
const pdfLib: typeof PdfLib = pdfLibBuild;

export const { PDFDocument, EncryptedPDFError, StandardFonts, rgb, PDFArray, PDFDict, PDFName, PDFRef, PDFStream, PDFRawStream, PDFString, decodePDFRawStream } = pdfLib;
export type PDFDocument = PdfLib.PDFDocument;
export type PDFArray = PdfLib.PDFArray;
export type PDFDict = PdfLib.PDFDict;
export type PDFName = PdfLib.PDFName;
export type PDFRef = PdfLib.PDFRef;
export type PDFStream = PdfLib.PDFStream;
export type PDFRawStream = PdfLib.PDFRawStream;
export type PDFString = PdfLib.PDFString;
export type PDFObject = PdfLib.PDFObject;
