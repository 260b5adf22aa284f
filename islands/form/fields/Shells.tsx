import type { Question } from '../../../form/types.js';
import { FILE_ACCEPT, FILE_MESSAGES } from '../../../form/documents.js';
import { controlProps, FieldShell, useQuestion } from './Field.js';
import { inputMaxLength } from '../../../form/limits.js';

type Of<K extends Question['kind']> = Extract<Question, { kind: K }>;

/**
 * File upload (§2) as a visual shell: the documents issue supplies islands/upload/FileUploadInput.tsx.
 * Logged out, the input stays focusable but inert and says why (§5 'This question can be finished…').
 */
export function FileField({ q }: { q: Of<'file'> }) {
  const { form, messages, required } = useQuestion(q);
  const noteId = `${q.key}-note`;
  const locked = !form.isLoggedIn;
  return (
    <FieldShell
      q={q}
      required={required}
      messages={messages}
      after={
        locked ? (
          <p id={noteId} className="field__hint">
            {FILE_MESSAGES.loginNeeded}
          </p>
        ) : undefined
      }
    >
      <input
        id={q.key}
        type="file"
        className={locked ? 'input input--file input--locked' : 'input input--file'}
        accept={FILE_ACCEPT}
        aria-disabled={locked || undefined}
        onClick={(e) => {
          if (locked) e.preventDefault();
        }}
        onBlur={() => form.blur(q.key)}
        {...controlProps(q, messages, required, locked ? [noteId] : [])}
      />
    </FieldShell>
  );
}

/**
 * School / address search (§2) as a plain text input until the lookup issue's AutocompleteInput lands.
 * What is typed is stored in the main field only, as §4 says for free text.
 */
export function AutocompleteField({ q }: { q: Of<'autocomplete'> }) {
  const { form, messages, required, value } = useQuestion(q);
  return (
    <FieldShell q={q} required={required} messages={messages}>
      <input
        id={q.key}
        className="input"
        type="text"
        autoComplete={q.autoComplete ?? 'off'}
        maxLength={inputMaxLength(q)}
        value={value}
        onChange={(e) => form.change({ [q.key]: e.target.value })}
        onBlur={() => form.blur(q.key)}
        {...controlProps(q, messages, required)}
      />
    </FieldShell>
  );
}
