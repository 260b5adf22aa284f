import { lazy, Suspense, useEffect, useState, type DragEvent } from 'react';
import type { Answers, Question } from '../../../form/types.js';
import { FILE_ACCEPT, FILE_MESSAGES, formatFileSize, UPLOAD_HINTS } from '../../../form/documents.js';
import { isPending } from '../../../contracts/statuses.js';
import { pageOfKey } from '../../../form/fields.js';
import { LOOKUP_QUERY, LOOKUP_TEXT_QUERY, lookupFormId, lookupResultsId, POST_FIELDS, STATUS_CHECK_QUERY, uploadFormId } from '../../../contracts/form-post.js';
import type { DocumentAnswer, PresignedPost } from '../../../contracts/api.js';
import { inputMaxLength } from '../../../form/limits.js';
import { isAnswered } from '../../../form/conditions.js';
import { AutocompleteInput } from '../../autocomplete/AutocompleteInput.js';
import { answersFromRecord, LOOKUP_MAX_QUERY_LENGTH, type LookupRecord, type RecordKey, type SchoolSearch } from '../../../contracts/lookup.js';
import { withChangedDescriptions } from '../describe.js';
import { ErrorText, errorId, FieldShell, Hint, hintId, useQuestion } from './Field.js';
import { useFormState } from '../context.js';

type Of<K extends Question['kind']> = Extract<Question, { kind: K }>;

// The upload control (and its delete dialog) loads only where a document question is shown: most pages
// have none, and it would otherwise weigh on every form page's first load.
const FileUploadInput = lazy(() => import('../../upload/FileUploadInput.js').then((m) => ({ default: m.FileUploadInput })));

/** The file input as it looks before the upload code has loaded; without scripts it can send nothing, so it stays hidden then. */
function FilePicker({ q, describedBy, invalid, locked, onLocked }: { q: Of<'file'>; describedBy: string; invalid: boolean; locked: boolean; onLocked?: () => void }) {
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

const STATUS_TEXT: Record<DocumentAnswer['status'], string> = {
  UNPROCESSED: 'is waiting to be converted to PDF.',
  IN_PROGRESS: 'is being converted to PDF.',
  COMPLETED: 'was uploaded and converted to PDF.',
  FAILED: 'could not be converted to PDF. Please upload it again.',
  NOT_ANSWERED: 'has not been uploaded.',
};

/**
 * The upload control as the server renders it, and as it works without scripts (DESIGN §6): the document's
 * status (with a refresh link while it converts), and a button opening the upload form. That form posts the
 * file straight to the object store (controls tied to a multipart <form> outside the page form by their form
 * attribute), which redirects back here once stored.
 */
function FileShell({ q, describedBy, invalid, locked, document, target, pagePath, statusCheck, onLocked }: { q: Of<'file'>; describedBy: string; invalid: boolean; locked: boolean; document?: DocumentAnswer; target?: PresignedPost; pagePath: string; statusCheck?: string; onLocked?: () => void }) {
  if (target && !locked) {
    const formId = uploadFormId(q.key);
    return (
      <div className="upload">
        {Object.entries(target.fields).map(([name, value]) => (
          <input key={name} type="hidden" form={formId} name={name} value={value} />
        ))}
        <input id={q.key} name="file" type="file" form={formId} required className="input input--file" accept={FILE_ACCEPT} aria-describedby={`${q.key}-upload-hint ${describedBy}`} aria-invalid={invalid || undefined} />
        <p id={`${q.key}-upload-hint`} className="field__hint upload__hint">
          PNG, JPEG, PDF or Word (.docx), up to 1 MB.
        </p>
        <div className="upload__actions">
          <button type="submit" form={formId} className="button button--secondary">
            Upload<span className="visually-hidden"> {q.label}</span>
          </button>
          <a href={`${pagePath}#${q.key}`}>Cancel</a>
        </div>
      </div>
    );
  }
  const pending = document ? isPending(document.status) : false;
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
        <p className="upload__status nojs-only">
          {`${document.file_name} (${formatFileSize(document.file_size)}) ${STATUS_TEXT[document.status]}`}
          {pending && (
            <>
              {' '}
              <a href={`${pagePath}?${STATUS_CHECK_QUERY}=${statusCheck ?? '1'}#${q.key}`}>Refresh the status</a>
            </>
          )}
        </p>
      )}
      {!locked && (
        <button type="submit" name={POST_FIELDS.action} value={`upload:${q.key}`} className="button button--secondary nojs-only" onClick={(event) => event.preventDefault()}>
          {document && document.status !== 'NOT_ANSWERED' ? 'Upload a different file' : 'Upload a file'}
          <span className="visually-hidden"> for {q.label}</span>
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

/**
 * School / address search (§2, §4) through the lookup issue's combobox. Picking a suggestion fills every
 * field of the block (`fills`), typing free text clears them and keeps only the typed text (also after they were
 * filled by hand), clearing the field clears them all.
 */
export function AutocompleteField({ q }: { q: Of<'autocomplete'> }) {
  const { form, messages, required, value } = useQuestion(q);
  const fills = Object.entries(q.fills) as Array<[RecordKey, string]>;
  const blank = (): Answers => Object.fromEntries(fills.map(([, key]) => [key, '']));
  const ceeb = q.category === 'address' ? undefined : q.fills.ceeb;
  // The answers at the moment of the change (in the island the context reads the store's current state).
  const apply = (values: Answers) => form.change(withChangedDescriptions(form.answers, values));
  const selected = useFormState((snapshot) => ceeb !== undefined && isAnswered(snapshot.answers[ceeb]));
  const preferState = useFormState((snapshot) => (typeof snapshot.answers.state === 'string' ? snapshot.answers.state : ''));
  return (
    <div className={messages.length > 0 ? 'field field--invalid' : 'field'} onBlur={() => form.blur(q.key)}>
      <AutocompleteInput
        id={q.key}
        label={q.label}
        category={q.category}
        value={value}
        selected={selected}
        required={required}
        invalid={messages.length > 0}
        describedBy={[q.hint ? hintId(q.key) : null, errorId(q.key)].filter(Boolean).join(' ')}
        maxLength={inputMaxLength(q)}
        {...(preferState ? { preferState } : {})}
        onSelect={(record: LookupRecord) => apply(answersFromRecord(q.fills, record))}
        // §4 "Typing free text clears them, stores only the typed text in the main field": whether the block was
        // filled from a suggestion or by hand, so no city or CEEB code of another school survives the new name.
        onFreeText={(text) => apply({ ...blank(), [q.key]: text })}
        onClear={() => apply(blank())}
      />
      <Hint q={q} />
      <ErrorText keyName={q.key} messages={messages} />
      {q.category === 'address' ? null : <SchoolSearchWithoutScripts q={q} search={form.schoolSearch?.key === q.key ? form.schoolSearch : undefined} />}
    </div>
  );
}

/**
 * The school search without scripts (DESIGN §6), hidden once the island has hydrated (the combobox does it then):
 * "Search" posts the page (what was typed is saved, or kept for a visitor) and opens it again with the schools
 * matching the name, a GET that changes nothing. Each match is a submit button of the page form that fills the
 * block as picking the suggestion would (POST, Origin-checked); "Search again" is a GET form of its own.
 */
function SchoolSearchWithoutScripts({ q, search }: { q: Of<'autocomplete'>; search: SchoolSearch | undefined }) {
  const resultsId = lookupResultsId(q.key);
  const searchId = `${q.key}-search-again`;
  const formId = lookupFormId(q.key);
  return (
    <div className="school-search nojs-only">
      <button type="submit" name={POST_FIELDS.action} value={`lookup:${q.key}`} className="button button--secondary school-search__button" onClick={(event) => event.preventDefault()}>
        Search<span className="visually-hidden">{` schools by the name typed in: ${q.label}`}</span>
      </button>
      {search ? (
        <div className="school-search__results" id={resultsId} role="group" aria-labelledby={`${resultsId}-title`}>
          <p id={`${resultsId}-title`} className="school-search__title">
            {search.query === ''
              ? 'Type part of the school’s name to search.'
              : search.items.length > 0
                ? `Schools matching “${search.query}”: choose yours.`
                : `No school matches “${search.query}”. Type its full name above and fill in its details below.`}
          </p>
          {search.items.length > 0 ? (
            <ul className="school-search__list">
              {search.items.map((item) => (
                <li key={item.id}>
                  <button type="submit" name={POST_FIELDS.action} value={`choose:${q.key}:${item.id}`} className="school-search__choice" onClick={(event) => event.preventDefault()}>
                    <span className="visually-hidden">Choose </span>
                    <span className="autocomplete__text">{item.text}</span> <span className="autocomplete__sub">{item.sub_text}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="school-search__again">
            <label htmlFor={searchId} className="field__label">
              Search again by name
            </label>
            <div className="school-search__again-control">
              <input id={searchId} type="search" form={formId} name={LOOKUP_TEXT_QUERY} defaultValue={search.query} maxLength={LOOKUP_MAX_QUERY_LENGTH} className="input" />
              <input type="hidden" form={formId} name={LOOKUP_QUERY} value={q.key} />
              <button type="submit" form={formId} className="button button--secondary">
                Search<span className="visually-hidden"> again</span>
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
