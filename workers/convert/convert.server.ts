import { ConversionRejected, detectDocumentType } from './detect-type.server.js';
import type { DocumentType } from '../../platform/storage/file-type.server.js';
import { docxToPdf, type SofficeOptions } from './soffice.server.js';

export interface ConversionResult {
  type: DocumentType;
  pdf: Uint8Array;
}

const NOT_CONVERTED = 'This Word document could not be converted. Please save it as PDF and upload that instead.';

/** Checks (size, type by content) and converts an upload to PDF; throws ConversionRejected with the applicant's message. */
export async function convertToPdf(bytes: Buffer, soffice: SofficeOptions): Promise<ConversionResult> {
  const type = await detectDocumentType(bytes);
  // pdf-lib is loaded by the first conversion, not by every process that can reach this module.
  const { imageToPdf, pdfPageCount, resavePdf } = await import('./pdf-lib-convert.server.js');
  let pdf: Uint8Array;
  if (type === 'png' || type === 'jpeg') pdf = await imageToPdf(bytes, type);
  else if (type === 'pdf') pdf = await resavePdf(bytes);
  else {
    const converted = await docxToPdf(bytes, soffice);
    // LibreOffice turns the document's hyperlinks into URI actions: its output is cleaned like an upload.
    pdf = await resavePdf(converted).catch(() => {
      throw new ConversionRejected(NOT_CONVERTED);
    });
  }
  if ((await pdfPageCount(pdf)) === 0)
    throw new ConversionRejected('This file could not be converted to PDF. Please upload a PDF instead.');
  return { type, pdf };
}
