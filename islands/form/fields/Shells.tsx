import { lazy, Suspense, useEffect, useState } from 'react';
import type { Answers, Question } from '../../../form/types.js';
import { FILE_ACCEPT, FILE_MESSAGES } from '../../../form/documents.js';
import { inputMaxLength } from '../../../form/limits.js';
import { isAnswered } from '../../../form/conditions.js';
import { AutocompleteInput } from '../../autocomplete/AutocompleteInput.js';
import type { LookupRecord, RecordKey } from '../../../contracts/lookup.js';
import { withChangedDescriptions } from '../describe.js';
import { ErrorText, errorId, FieldShell, Hint, hintId, useQuestion } from './Field.js';

type Of<K extends Question['kind']> = Extract<Question, { kind: K }>;

// The upload control (and its delete dialog) loads only where a document question is shown: most pages
// have none, and it would otherwise weigh on every form page's first load.
const FileUploadInput = lazy(() => import('../../upload/FileUploadInput.js').then((m) => ({ default: m.FileUploadInput })));

/** The look of the upload control before its code has loaded (and on the server). */
function FileShell({ q, describedBy, invalid, locked }: { q: Of<'file'>; describedBy: string; invalid: boolean; locked: boolean }) {
  return (
    <div className="upload">
      <input
        id={q.key}
        name={q.key}
        type="file"
        className={locked ? 'input input--file input--locked' : 'input input--file'}
        accept={FILE_ACCEPT}
        aria-disabled={locked || undefined}
        aria-describedby={`${q.key}-upload-hint ${describedBy}`}
        aria-invalid={invalid || undefined}
        onClick={(e) => e.preventDefault()}
      />
      <p id={`${q.key}-upload-hint`} className="field__hint upload__hint">
        {locked ? FILE_MESSAGES.loginNeeded : 'Choose a file or drop it here: PNG, JPEG, PDF or Word (.docx), up to 1 MB.'}
      </p>
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
  const shell = <FileShell q={q} describedBy={describedBy} invalid={shown.length > 0} locked={!form.isLoggedIn} />;
  return (
    <FieldShell q={q} required={required} messages={shown}>
      {/* The server and the hydrating render show the shell (no Suspense on the server); the control replaces it once loaded. */}
      {!mounted ? (
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
 * field of the block (`fills`), typing over a picked school clears them and keeps only the typed text,
 * clearing the field clears them all.
 */
export function AutocompleteField({ q }: { q: Of<'autocomplete'> }) {
  const { form, messages, required, value } = useQuestion(q);
  const fills = Object.entries(q.fills) as Array<[RecordKey, string]>;
  const blank = (): Answers => Object.fromEntries(fills.map(([, key]) => [key, '']));
  const ceeb = q.category === 'address' ? undefined : q.fills.ceeb;
  const apply = (values: Answers) => form.change(withChangedDescriptions(form.answers, values));
  return (
    <div className={messages.length > 0 ? 'field field--invalid' : 'field'} onBlur={() => form.blur(q.key)}>
      <AutocompleteInput
        id={q.key}
        label={q.label}
        category={q.category}
        value={value}
        selected={ceeb !== undefined && isAnswered(form.answers[ceeb])}
        required={required}
        invalid={messages.length > 0}
        describedBy={[q.hint ? hintId(q.key) : null, errorId(q.key)].filter(Boolean).join(' ')}
        maxLength={inputMaxLength(q)}
        onSelect={(record: LookupRecord) => apply(Object.fromEntries(fills.map(([field, key]) => [key, record[field] ?? ''])))}
        onFreeText={(text, replacedSelection) => apply({ ...(replacedSelection ? blank() : {}), [q.key]: text })}
        onClear={() => apply(blank())}
      />
      <Hint q={q} />
      <ErrorText keyName={q.key} messages={messages} />
    </div>
  );
}
