import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import type { Question } from '../../../form/types.js';
import { formatPhone, formatSsn } from '../../../form/formats.js';
import { t } from '../../../contracts/i18n/page-text.js';
import { inputMaxLength } from '../../../form/limits.js';
import { caretAfterFormat } from '../format.js';
import { controlProps, FieldShell, useQuestion } from './Field.js';

type Of<K extends Question['kind']> = Extract<Question, { kind: K }>;

export function TextField({ q }: { q: Of<'text'> | Of<'email'> }) {
  const { form, messages, required, value } = useQuestion(q);
  return (
    <FieldShell q={q} required={required} messages={messages}>
      <input
        id={q.key}
        className="input"
        type={q.kind === 'email' ? 'email' : 'text'}
        inputMode={q.kind === 'text' ? q.inputMode : undefined}
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

const MASKS = {
  phone: { format: formatPhone, maxLength: 14, inputMode: 'tel' as const, type: 'tel', placeholder: '(555) 555-5555' },
  ssn: { format: formatSsn, maxLength: 11, inputMode: 'numeric' as const, type: 'text', placeholder: '123-45-6789' },
};

/** Phone (xxx) xxx-xxxx and 3-2-4 formatted while typing, keeping the caret beside the digit just typed (§3). */
export function MaskedField({ q }: { q: Of<'phone'> | Of<'ssn'> }) {
  const { form, messages, required, value } = useQuestion(q);
  const mask = MASKS[q.kind];
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current !== null && input.current && document.activeElement === input.current) {
      input.current.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  });
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    const formatted = mask.format(raw);
    caret.current = caretAfterFormat(raw, e.target.selectionStart ?? raw.length, formatted);
    form.change({ [q.key]: formatted });
  };
  return (
    <FieldShell q={q} required={required} messages={messages}>
      <input
        ref={input}
        id={q.key}
        className="input input--short"
        type={mask.type}
        inputMode={mask.inputMode}
        autoComplete={q.autoComplete ?? (q.kind === 'phone' ? 'tel-national' : 'off')}
        maxLength={mask.maxLength}
        placeholder={mask.placeholder}
        value={value}
        onChange={onChange}
        onBlur={() => form.blur(q.key)}
        {...controlProps(q, messages, required)}
      />
    </FieldShell>
  );
}

export function counterId(key: string): string {
  return `${key}-count`;
}

/** Textarea with the live counter of §5: 'Character count: n / limit' (in Spanish 'Caracteres: n / limit'). */
export function TextareaField({ q }: { q: Of<'textarea'> }) {
  const { form, messages, required, value } = useQuestion(q);
  const limit = inputMaxLength(q) ?? 0;
  return (
    <FieldShell
      q={q}
      required={required}
      messages={messages}
      after={
        <p id={counterId(q.key)} className="field__counter">
          {t('Character count: {{count}} / {{limit}}', { count: value.length, limit })}
        </p>
      }
    >
      <textarea
        id={q.key}
        className="input textarea"
        rows={6}
        maxLength={limit}
        value={value}
        onChange={(e) => form.change({ [q.key]: e.target.value })}
        onBlur={() => form.blur(q.key)}
        {...controlProps(q, messages, required, [counterId(q.key)])}
      />
    </FieldShell>
  );
}

/** A native date input: keyboard-operable everywhere and stores ISO YYYY-MM-DD; an impossible date reads as ''. */
export function DateField({ q }: { q: Of<'date'> }) {
  const { form, messages, required, value } = useQuestion(q);
  return (
    <FieldShell q={q} required={required} messages={messages}>
      <input
        id={q.key}
        className="input input--short"
        type="date"
        autoComplete={q.autoComplete ?? 'off'}
        value={value}
        onChange={(e) => form.change({ [q.key]: e.target.value })}
        onBlur={() => form.blur(q.key)}
        {...controlProps(q, messages, required)}
      />
    </FieldShell>
  );
}
