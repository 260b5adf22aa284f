import type { Ref } from 'react';
import { t } from '../../contracts/i18n/page-text.js';

export interface AuthFieldProps {
  /** The form key: input id = key, error id = key + '-error' (DESIGN §6). */
  id: string;
  label: string;
  type: 'email' | 'password' | 'text';
  value: string;
  onChange?: (value: string) => void;
  errors?: readonly string[];
  autoComplete: string;
  inputMode?: 'numeric' | 'email' | 'text';
  /** Further ids describing the input (e.g. the password checklist). */
  describedBy?: readonly string[];
  inputRef?: Ref<HTMLInputElement>;
  readOnly?: boolean;
}

export function AuthField({
  id,
  label,
  type,
  value,
  onChange,
  errors = [],
  autoComplete,
  inputMode,
  describedBy = [],
  inputRef,
  readOnly,
}: AuthFieldProps) {
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;
  return (
    <div className={`field${invalid ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {t(label)}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        type={type}
        className="field__input"
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={false}
        autoCapitalize="none"
        readOnly={readOnly}
        aria-invalid={invalid}
        aria-describedby={[errorId, ...describedBy].join(' ')}
      />
      <div id={errorId} className="field__error">
        {errors.length === 1 ? <p className="field__error-text">{t(errors[0]!)}</p> : null}
        {errors.length > 1 ? (
          <ul className="field__error-list">
            {errors.map((message) => (
              <li key={message}>{t(message)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
