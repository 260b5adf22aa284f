import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { FILE_MAX_BYTES, FILE_MESSAGES, FILE_NAME_MAX_LENGTH } from '../../form/documents.js';
import { DOCUMENT_EXTENSIONS, sniffDocumentType, sniffFileType, type DocumentType } from '../../platform/storage/file-type.server.js';
import { newUploadKey } from '../../platform/storage/document-keys.server.js';
import { withStore } from '../storage/http-errors.server.js';
import { sanitiseFileName } from './file-name.server.js';
import { fitPhoto } from './fit-photo.server.js';
import { admitUpload, startConversion } from './documents.server.js';

/** A photo the server made smaller before storing it: what the page tells the applicant. */
export interface FittedPhoto {
  originalBytes: number;
  width: number;
  height: number;
  heic: boolean;
}

const CONTENT_TYPES: Readonly<Record<DocumentType, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * The stored file's name: the chosen one's (display text only), with the extension of what the file is, cut to
 * §5's length. Without scripts nothing checked the name before the file was sent, so it is shortened, not refused.
 */
export function storedFileName(original: string, type: DocumentType, answerKey: string): string {
  const clean = sanitiseFileName(original);
  const dot = clean.lastIndexOf('.');
  const base = (dot > 0 ? clean.slice(0, dot) : clean).trim() || answerKey;
  const extension = DOCUMENT_EXTENSIONS[type];
  return `${base.slice(0, FILE_NAME_MAX_LENGTH - extension.length - 1)}.${extension}`;
}

/**
 * A document question's file posted through this app without scripts (issue 38): counted as an upload, checked by
 * its content (§5), a photo over the limit made to fit (fit-photo.server.ts), then stored and queued for conversion
 * exactly as the island's upload is. The object store is never posted to by the browser here, so the same code
 * works with S3 and the embedded store. A refusal is an HttpError with the §5 message for the field.
 */
export async function takeNoScriptUpload(
  services: AppServices,
  userId: string,
  answerKey: string,
  file: { buffer: Buffer; originalname: string },
): Promise<FittedPhoto | null> {
  if (file.buffer.length === 0) throw new HttpError(400, FILE_MESSAGES.empty);
  await admitUpload(services, userId);
  const sniffed = sniffFileType(file.buffer);
  let bytes = file.buffer;
  let type: DocumentType;
  let fitted: FittedPhoto | null = null;
  if (sniffed === 'jpeg' || sniffed === 'png' || sniffed === 'heic') {
    const heic = sniffed === 'heic';
    const result = await fitPhoto(file.buffer, heic);
    if (result.kind === 'refused') throw new HttpError(400, result.message, result.params ? { pixels: result.params } : {});
    if (result.kind === 'fitted') {
      bytes = result.jpeg;
      fitted = { originalBytes: file.buffer.length, width: result.width, height: result.height, heic };
    }
    type = result.kind === 'fitted' || sniffed === 'heic' ? 'jpeg' : sniffed;
  } else {
    const document = sniffDocumentType(file.buffer);
    if (!document) throw new HttpError(400, FILE_MESSAGES.wrongType);
    if (bytes.length > FILE_MAX_BYTES) throw new HttpError(413, FILE_MESSAGES.tooLargeDocument);
    type = document;
  }
  const fileKey = newUploadKey(userId, answerKey);
  await withStore(() => services.storage.put(fileKey, bytes, CONTENT_TYPES[type]));
  try {
    await startConversion(services, userId, answerKey, {
      file_key: fileKey,
      file_name: storedFileName(file.originalname, type, answerKey),
    });
  } catch (err) {
    // Refused (a quota, the application submitted meanwhile): the object would be a leftover.
    await services.storage
      .delete(fileKey)
      .catch((cause: unknown) => services.logger.warn({ err: cause, key: fileKey }, 'could not delete object'));
    throw err;
  }
  return fitted;
}
