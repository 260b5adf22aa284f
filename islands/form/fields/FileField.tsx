import { lazy, Suspense, useEffect, useState, type DragEvent } from 'react';
import type { Question } from '../../../form/types.js';
import { FILE_ACCEPT, FILE_MESSAGES, UPLOAD_HINTS } from '../../../form/documents.js';
import { NO_SCRIPT_UPLOAD_HINT } from '../../../form/photo-fit.js';
import { pageOfKey } from '../../../form/fields.js';
import { POST_FIELDS, uploadFormId } from '../../../contracts/form-post.js';
import { UPLOAD_FILE_FIELD, type FittedQuery } from '../../../contracts/no-script-upload.js';
import { NoScriptPart } from '../NoScriptPart.js';
import type { DocumentAnswer, PresignedPost } from '../../../contracts/api.js';
import { errorId, FieldShell, hintId, useQuestion } from './Field.js';
import { t } from '../../../contracts/i18n/page-text.js';

type Of<K extends Question['kind']> = Extract<Question, { kind: K }>;

// The upload control (and its delete dialog) loads only where a document question is shown: most pages
// have none, and it would otherwise weigh on every form page's first load.
const FileUploadInput = lazy(() => import('../../upload/FileUploadInput.js').then((m) => ({ default: m.FileUploadInput })));

/** The file input as it looks before the upload code has loaded; without scripts it can send nothing, so it stays hidden then. */
function FilePicker({
  q,
  describedBy,
  invalid,
  locked,
  onLocked,
}: {
  q: Of<'file'>;
  describedBy: string;
  invalid: boolean;
  locked: boolean;
  onLocked?: () => void;
}) {
  return (
    <>
      <input
        id={q.key}
        name={q.key}
        type="file"
        className={locked ? 'input input--file input--locked' : 'input input--file js-only'}
        accept={FILE_ACCEPT}
        aria-disabled={locked || undefined}
        aria-describedby={`${q.key}-upload-hint ${describedBy}`}
        aria-invalid={invalid || undefined}
        onClick={(e) => {
          e.preventDefault();
          // §5: uploads need an account; say so instead of opening the picker.
          if (locked) onLocked?.();
        }}
      />
      <p id={`${q.key}-upload-hint`} className={locked ? 'field__hint upload__hint' : 'field__hint upload__hint js-only'}>
        {locked ? FILE_MESSAGES.loginNeeded : UPLOAD_HINTS.choose}
      </p>
    </>
  );
}

/**
 * The upload control as the server renders it, and as it works without scripts (DESIGN §6): the document's
 * status (UploadStatus), and a button opening the upload form. That form posts the file to this app (controls tied
 * to a multipart <form> outside the page form by their form attribute), which shows this page again: with the
 * message at the field when the file was refused.
 */
function FileShell({
  q,
  describedBy,
  invalid,
  locked,
  document,
  target,
  pagePath,
  statusCheck,
  fitted,
  onLocked,
}: {
  q: Of<'file'>;
  describedBy: string;
  invalid: boolean;
  locked: boolean;
  document?: DocumentAnswer;
  target?: PresignedPost;
  pagePath: string;
  statusCheck?: string;
  fitted?: FittedQuery | undefined;
  onLocked?: () => void;
}) {
  if (target && !locked) {
    const formId = uploadFormId(q.key);
    return (
      <div className="upload">
        {Object.entries(target.fields).map(([name, value]) => (
          <input key={name} type="hidden" form={formId} name={name} value={value} />
        ))}
        <input
          id={q.key}
          name={UPLOAD_FILE_FIELD}
          type="file"
          form={formId}
          required
          className="input input--file"
          accept={FILE_ACCEPT}
          aria-describedby={`${q.key}-upload-hint ${describedBy}`}
          aria-invalid={invalid || undefined}
        />
        <p id={`${q.key}-upload-hint`} className="field__hint upload__hint">
          {t(NO_SCRIPT_UPLOAD_HINT)}
        </p>
        <div className="upload__actions">
          <button type="submit" form={formId} className="button button--secondary">
            {t('Upload')}
            <span className="visually-hidden"> {q.label}</span>
          </button>
          <a href={`${pagePath}#${q.key}`}>{t('Cancel')}</a>
        </div>
      </div>
    );
  }
  // A file dropped on the locked picker is refused with the same message as a click.
  const refuseDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!locked) return;
    event.preventDefault();
    if (event.type === 'drop') onLocked?.();
  };
  return (
    <div className="upload" onDragOver={refuseDrop} onDrop={refuseDrop}>
      <FilePicker q={q} describedBy={describedBy} invalid={invalid} locked={locked} onLocked={onLocked} />
      {document && document.status !== 'NOT_ANSWERED' && (
        <NoScriptPart
          part="uploadStatus"
          className="upload__status nojs-only"
          props={{ answerKey: q.key, document, pagePath, statusCheck, fitted }}
        />
      )}
      {!locked && (
        <button
          type="submit"
          name={POST_FIELDS.action}
          value={`upload:${q.key}`}
          className="button button--secondary nojs-only"
          onClick={(event) => event.preventDefault()}
        >
          {document && document.status !== 'NOT_ANSWERED' ? t('Upload a different file') : t('Upload a file')}
          <span className="visually-hidden"> {t('for {{label}}', { label: q.label })}</span>
        </button>
      )}
    </div>
  );
}

/** File upload (§2): the documents issue's control, with the answer ('ANSWERED' or '') kept in the form's state. */
export function FileField({ q }: { q: Of<'file'> }) {
  const { form, messages, required } = useQuestion(q);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const shown = uploadError ? [...messages, uploadError] : messages;
  const describedBy = [q.hint ? hintId(q.key) : null, errorId(q.key)].filter(Boolean).join(' ');
  const shell = (
    <FileShell
      q={q}
      describedBy={describedBy}
      invalid={shown.length > 0}
      locked={!form.isLoggedIn}
      document={form.documents?.[q.key]}
      target={form.uploadTargets?.[q.key]}
      pagePath={`/${pageOfKey(q.key) ?? ''}`}
      statusCheck={form.statusCheck}
      fitted={form.uploadFitted}
      onLocked={() => setUploadError(FILE_MESSAGES.loginNeeded)}
    />
  );
  return (
    <FieldShell q={q} required={required} messages={shown}>
      {/* The server and the hydrating render show the shell (no Suspense on the server); the control replaces it once
          loaded. A logged-out visitor can upload nothing: the locked shell says so itself, without the upload code. */}
      {!mounted || !form.isLoggedIn ? (
        shell
      ) : (
        <Suspense fallback={shell}>
          <FileUploadInput
            answerKey={q.key}
            isLoggedIn={form.isLoggedIn}
            initial={form.documents?.[q.key] ?? null}
            describedBy={describedBy}
            invalid={shown.length > 0}
            onAnswered={(key) => form.change({ [key]: 'ANSWERED' })}
            onCleared={(key) => form.change({ [key]: '' })}
            onError={(_key, message) => setUploadError(message)}
          />
        </Suspense>
      )}
    </FieldShell>
  );
}
