/**
 * The status values browser and server exchange (§3), each written once: the applicant's web_status,
 * and the conversion status of an uploaded document and of the application PDF (both follow the same
 * UNPROCESSED → IN_PROGRESS → COMPLETED | FAILED course; the API reports NOT_ANSWERED when there is none).
 */

/** §3 web_status values, in the order an application reaches them (§4 derives the current one by count). */
export const WEB_STATUSES = ['started', 'validating', 'submitted'] as const;
export type WebStatus = (typeof WEB_STATUSES)[number];

export function isWebStatus(value: unknown): value is WebStatus {
  return typeof value === 'string' && (WEB_STATUSES as readonly string[]).includes(value);
}

/** What the database stores for a document's conversion or the application PDF's rendering. */
export const CONVERSION_STATUSES = ['UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** A document answer's status as the API reports it (§3 document_answer). */
export type DocumentStatus = ConversionStatus | 'NOT_ANSWERED';

/** The application PDF's status as GET /api/pdf reports it (§3, §4). */
export type PdfStatus = ConversionStatus | 'NOT_ANSWERED';

/** The work is queued or running: the client keeps polling (§4), and only such a row may still change. */
export const PENDING_STATUSES = ['UNPROCESSED', 'IN_PROGRESS'] as const satisfies readonly ConversionStatus[];

export function isPending(status: DocumentStatus | PdfStatus | null | undefined): boolean {
  return (PENDING_STATUSES as readonly string[]).includes(status ?? '');
}

/** §8: shown when the application PDF could not be made; the PDF job records the same text when it gives up. */
export const PDF_FAILED_MESSAGE = 'We could not create the PDF of your application. Please try again later.';
