import { useState, type DragEvent } from 'react';
import { FILE_ACCEPT, FILE_MESSAGES, formatFileSize, UPLOAD_HINTS } from '../../form/documents.js';
import { useDocumentUpload, type UploadCallbacks } from './useDocumentUpload.js';
import { DeleteFileDialog } from './DeleteFileDialog.js';
import type { DocumentAnswer } from '../../contracts/api.js';
import { t } from '../../contracts/i18n/page-text.js';

export interface FileUploadInputProps extends UploadCallbacks {
  /** The answer key: the input's id and the question the upload belongs to. */
  answerKey: string;
  isLoggedIn: boolean;
  /** The question's document answer from the profile (§3 document_answer), if any. */
  initial?: DocumentAnswer | null;
  /** Ids describing the input (hint, the field's `${key}-error`), owned by whoever renders the label. */
  describedBy?: string;
  invalid?: boolean;
  /** Render the error text here (standalone use). Inside the form island the field shell shows it. */
  showError?: boolean;
}

/**
 * The document question's control (§2 file upload): picker and drop zone, progress bar while the
 * bytes go up, status while converting, file name and size once converted, delete with confirmation.
 * Plain component with callbacks: the form island embeds it (islands/form/fields/FileField.tsx).
 */
export function FileUploadInput(props: FileUploadInputProps) {
  const { answerKey: key, isLoggedIn, initial, describedBy, invalid, showError = false } = props;
  const { state, choose, explain, remove, reset } = useDocumentUpload(key, isLoggedIn, initial, props);
  const [dragging, setDragging] = useState(false);
  const percent = Math.round(state.progress * 100);
  const hintId = `${key}-upload-hint`;
  const ownErrorId = `${key}-error`;
  const describedByIds = [hintId, describedBy, showError && state.error ? ownErrorId : null].filter(Boolean).join(' ');

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && (state.phase === 'idle' || state.phase === 'done')) void choose(file);
  };

  const busy = state.phase === 'preparing' || state.phase === 'uploading' || state.phase === 'converting';
  const statusText =
    state.phase === 'preparing'
      ? t('Making {{file}} fit 1 MB…', { file: state.fileName ?? t('your photo') })
      : state.phase === 'uploading'
        ? t('Uploading {{file}}: {{percent}}%', { file: state.fileName ?? t('your file'), percent })
        : state.phase === 'converting'
          ? t('Converting {{file}} to PDF…', { file: state.fileName ?? t('your file') })
          : state.phase === 'done' && state.fileName
            ? `${t('{{file}} uploaded.', { file: state.fileName })}${state.note ? ` ${t(state.note)}` : ''}`
            : '';

  return (
    <div
      className={`upload${dragging ? ' upload--dragging' : ''}`}
      data-phase={state.phase}
      onDragOver={(event) => {
        event.preventDefault();
        if (!busy) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {state.phase === 'done' && state.fileName ? (
        // Keeps id = answer key in every phase, so /{page}#{key} still finds and focuses the question.
        <div id={key} className="upload__file" tabIndex={-1} aria-describedby={describedByIds}>
          <span className="upload__name">{state.fileName}</span>
          {state.fileSize !== null && <span className="upload__size">{formatFileSize(state.fileSize)}</span>}
          <DeleteFileDialog fileName={state.fileName} onConfirm={remove} />
        </div>
      ) : (
        <input
          id={key}
          name={key}
          type="file"
          className={isLoggedIn ? 'input input--file' : 'input input--file input--locked'}
          accept={FILE_ACCEPT}
          disabled={busy}
          aria-disabled={isLoggedIn ? undefined : true}
          aria-describedby={describedByIds}
          aria-invalid={invalid || (showError && state.error) ? true : undefined}
          onClick={(event) => {
            if (isLoggedIn) return;
            // §5: uploads need an account; say so instead of opening the picker.
            event.preventDefault();
            explain(FILE_MESSAGES.loginNeeded);
          }}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void choose(file);
          }}
        />
      )}
      <p id={hintId} className="field__hint upload__hint">
        {!isLoggedIn
          ? t(FILE_MESSAGES.loginNeeded)
          : state.phase === 'done' && state.fileName
            ? t(UPLOAD_HINTS.done)
            : busy
              ? t(UPLOAD_HINTS.busy)
              : t(UPLOAD_HINTS.choose)}
      </p>
      {state.phase === 'uploading' && (
        <div className="upload__progress">
          <label htmlFor={`${key}-progress`}>{t('Uploading {{file}}', { file: state.fileName ?? '' })}</label>
          <progress id={`${key}-progress`} className="upload__bar" max={100} value={percent}>
            {percent}%
          </progress>
        </div>
      )}
      {state.phase === 'preparing' && (
        <p className="upload__converting">{t('Making {{file}} fit 1 MB…', { file: state.fileName ?? t('your photo') })}</p>
      )}
      {state.phase === 'converting' && (
        <p className="upload__converting">{t('Converting {{file}} to PDF…', { file: state.fileName ?? t('your file') })}</p>
      )}
      {state.note && state.phase !== 'idle' && <p className="upload__note">{t(state.note)}</p>}
      <p className="visually-hidden" role="status" aria-live="polite">
        {state.phase === 'uploading' ? '' : statusText}
      </p>
      {state.error && (
        <div className="upload__error">
          {showError && (
            <p id={ownErrorId} className="field__error-message">
              {t(state.error)}
            </p>
          )}
          {isLoggedIn && (
            <button type="button" className="link-button" onClick={() => void reset()}>
              {t('Clear this error')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
