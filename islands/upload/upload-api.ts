import { api } from '../ui/api.js';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/messages.js';
import type { ConversionView, DocumentAnswer, PresignedPost } from '../../contracts/api.js';

/** The §7 document calls as the upload island makes them. */

const pdfPath = (key: string) => `/api/pdf/document-answer/${encodeURIComponent(key)}`;

export const requestUpload = (key: string) => api<PresignedPost>('/api/presigned-url', { method: 'POST', body: { answer_key: key } });
export const startConversion = (key: string, fileKey: string, fileName: string) =>
  api<ConversionView>(pdfPath(key), { method: 'POST', body: { file_key: fileKey, file_name: fileName } });
export const conversionStatus = (key: string) => api<ConversionView>(pdfPath(key));
export const deleteConversion = (key: string) => api(pdfPath(key), { method: 'DELETE' });
export const deleteDocumentAnswer = (key: string) => api(`/api/document-answer/${encodeURIComponent(key)}`, { method: 'DELETE' });
export const documentAnswers = () => api<Record<string, DocumentAnswer>>('/api/document-answer');

let pageLoadAnswers: Promise<Record<string, DocumentAnswer>> | null = null;
/** One GET /api/document-answer per page load, shared by every document question on the page. */
export function documentAnswersOnce(): Promise<Record<string, DocumentAnswer>> {
  pageLoadAnswers ??= documentAnswers().catch((err: unknown) => {
    pageLoadAnswers = null;
    throw err;
  });
  return pageLoadAnswers;
}

const UPLOAD_FAILED = 'The upload did not go through. Please check your connection and try again.';

/**
 * §7: the browser POSTs every policy field and then the file (S3 requires the file last) to the
 * returned URL. XMLHttpRequest rather than fetch, because only it reports upload progress.
 */
export function sendFile(
  presigned: PresignedPost,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', presigned.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      // S3 answers XML the island does not read; the embedded store answers JSON {message}.
      let message = UPLOAD_FAILED;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof body.message === 'string') message = body.message;
      } catch {
        // not JSON
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error(UPLOAD_FAILED));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export { GENERIC_ERROR_MESSAGE };
