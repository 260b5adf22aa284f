import { fileExtension, formatFileSize } from '../../../form/documents.js';
import { fittedNote } from '../../../form/photo-fit.js';
import { isPending } from '../../../contracts/statuses.js';
import { STATUS_CHECK_QUERY } from '../../../contracts/form-post.js';
import { FITTED_QUERY, fittedQueryValue, uploadPreviewRoute, type FittedQuery } from '../../../contracts/no-script-upload.js';
import type { DocumentAnswer } from '../../../contracts/api.js';
import { t } from '../../../contracts/i18n/page-text.js';

const STATUS_TEXT: Record<DocumentAnswer['status'], string> = {
  UNPROCESSED: 'is waiting to be converted to PDF.',
  IN_PROGRESS: 'is being converted to PDF.',
  COMPLETED: 'was uploaded and converted to PDF.',
  FAILED: 'could not be converted to PDF. Please upload it again.',
  NOT_ANSWERED: 'has not been uploaded.',
};

const PHOTO_EXTENSIONS = new Set(['jpg', 'jpeg', 'png']);

/**
 * A document question's upload as the server renders it (DESIGN §6): its name, size and conversion status, with a
 * link that loads the page again while it converts; for a photo a small preview of it (a same-origin image the
 * server re-encodes, GET /upload/<key>/preview), and, for one the server made fit 1 MB, what was done (issue 38).
 * Rendered by the server only, inside the island's `.upload__status` (islands/form/NoScriptPart.tsx).
 */
export function UploadStatus({
  answerKey,
  document,
  pagePath,
  statusCheck,
  fitted,
}: {
  answerKey: string;
  document: DocumentAnswer;
  pagePath: string;
  statusCheck?: string | undefined;
  fitted?: FittedQuery | undefined;
}) {
  const pending = isPending(document.status);
  const shown = document.status !== 'FAILED' && PHOTO_EXTENSIONS.has(fileExtension(document.file_name));
  const note = fitted?.key === answerKey ? fittedNote({ ...fitted, bytes: document.file_size }, t) : null;
  // The refresh keeps the fitting's sentence on the page until the conversion is done.
  const keep = note && fitted ? `&${FITTED_QUERY}=${encodeURIComponent(fittedQueryValue(fitted))}` : '';
  return (
    <>
      <p className="upload__status-text">
        {`${document.file_name} (${formatFileSize(document.file_size)}) ${STATUS_TEXT[document.status]}`}
        {pending && (
          <>
            {' '}
            <a href={`${pagePath}?${STATUS_CHECK_QUERY}=${statusCheck ?? '1'}${keep}#${answerKey}`}>{t('Refresh the status')}</a>
          </>
        )}
      </p>
      {shown && (
        <img className="upload__preview" src={uploadPreviewRoute(answerKey)} alt={`Preview of ${document.file_name}`} loading="lazy" />
      )}
      {note && <p className="upload__note">{note}</p>}
    </>
  );
}
