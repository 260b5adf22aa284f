import { useEffect, useState } from 'react';
import { FileUploadInput } from './upload/FileUploadInput.js';
import type { DocumentAnswer } from '../contracts/api.js';
import { hasIdentityCookie } from '../contracts/cookies.js';

export interface FileUploadProps {
  answerKey: string;
  label: string;
  hint?: string;
  isLoggedIn: boolean;
  initial?: DocumentAnswer | null;
}

/** A document question on its own (outside the form island): label, control and its error text. */
export function FileUpload({ answerKey, label, hint, isLoggedIn, initial }: FileUploadProps) {
  // The server's view may be stale (a login in another tab): the §4 cookie test decides in the browser.
  const [loggedIn, setLoggedIn] = useState(isLoggedIn);
  useEffect(() => setLoggedIn(hasIdentityCookie(document.cookie)), []);
  const hintId = `${answerKey}-hint`;
  return (
    <div className="field upload-field">
      <label className="field__label" htmlFor={answerKey}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FileUploadInput answerKey={answerKey} isLoggedIn={loggedIn} initial={initial} describedBy={hint ? hintId : undefined} showError />
    </div>
  );
}
