import type { DocumentStatus, PdfStatus, WebStatus } from './statuses.js';

/**
 * Request and response bodies of the §7 JSON API that the islands read as typed values: the server
 * builds them, the islands parse them, and both name the same type here.
 */

/** POST /api/presigned-url: where and with which form fields the browser posts the file. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

/** §3 document answer as /api/profile and GET /api/document-answer carry it. */
export interface DocumentAnswer {
  file_name: string;
  file_size: number;
  status: DocumentStatus;
}

/** POST/GET /api/pdf/document-answer/:key: a document's conversion and the text shown for it. */
export interface ConversionView {
  status: DocumentStatus;
  message: string;
}

/** GET /api/pdf: the application PDF's status and, once COMPLETED, a download link. */
export interface PdfState {
  status: PdfStatus;
  url: string | null;
  message?: string;
}

/**
 * §4: PUT /api/tabs answers 409 with this title and message while a document under the tab being left is
 * still converting; the form island recognises it by the title and shows the same texts in its dialog.
 */
export const UPLOAD_IN_PROGRESS = {
  title: 'File Upload in Progress',
  message: 'Please wait until the file upload has completed.',
} as const;

/** POST /api/web-status (§7). */
export interface WebStatusRequest {
  web_status: WebStatus;
}

/** PUT /api/last-page (§7): a form page's path (or its id). */
export interface LastPageRequest {
  last_page: string;
}

/** PUT /api/add-another (§7): how many components an add-another button shows. */
export interface AddAnotherRequest {
  button_id: string;
  num_components: number;
}

/** PUT /api/tabs (§7): the tab chosen in a tab group. */
export interface TabsRequest {
  tab_id: string;
  chosen_tab: string;
}
