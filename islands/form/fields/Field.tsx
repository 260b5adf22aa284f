import type { ReactNode } from 'react';
import type { AnswerValue, Question } from '../../../form/types.js';
import { isRequired } from '../../../form/required.js';
import { sameItems, useForm, useFormState } from '../context.js';
import { pageLang, t } from '../../../contracts/i18n/page-text.js';
import { localizeMessage } from '../../../form/i18n/localize-message.js';

/** Ids of §2/§5: the input is the key, its error text key + '-error', its hint key + '-hint'. */
export function hintId(key: string): string {
  return `${key}-hint`;
}
export function errorId(key: string): string {
  return `${key}-error`;
}

/** The accessibility wiring every input of a question shares (DESIGN §6). */
export function controlProps(q: Question, messages: readonly string[], required: boolean, extraDescribedBy: string[] = []) {
  const describedBy = [q.hint ? hintId(q.key) : null, ...extraDescribedBy, errorId(q.key)].filter(Boolean).join(' ');
  return {
    name: q.key,
    'aria-describedby': describedBy,
    'aria-invalid': messages.length > 0 ? (true as const) : undefined,
    'aria-required': required ? (true as const) : undefined,
  };
}

/** A marker read by sighted users; screen readers get aria-required on the input instead. */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}

export function Hint({ q }: { q: Pick<Question, 'key' | 'hint'> }) {
  return q.hint ? (
    <p id={hintId(q.key)} className="field__hint">
      {q.hint}
    </p>
  ) : null;
}

/** Always present, so aria-describedby never points at nothing; empty until there is something to say. */
export function ErrorText({ keyName, messages }: { keyName: string; messages: readonly string[] }) {
  return (
    <div id={errorId(keyName)} className="field__error">
      {messages.map((message) => (
        <p key={message} className="field__error-message">
          <span className="visually-hidden">{`${t('Error:')} `}</span>
          {t(localizeMessage(message, pageLang()))}
        </p>
      ))}
    </div>
  );
}

/** Label above the input, then hint, input, and errors: one question per line (DESIGN §9). */
export function FieldShell({
  q,
  required,
  messages,
  children,
  after,
}: {
  q: Question;
  required: boolean;
  messages: readonly string[];
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className={messages.length > 0 ? 'field field--invalid' : 'field'}>
      <label htmlFor={q.key} className="field__label">
        {q.label}
        <RequiredMark required={required} />
      </label>
      <Hint q={q} />
      {children}
      {after}
      <ErrorText keyName={q.key} messages={messages} />
    </div>
  );
}

interface QuestionState {
  messages: readonly string[];
  required: boolean;
  raw: AnswerValue | undefined;
}

const sameQuestionState = (a: QuestionState, b: QuestionState) =>
  a.required === b.required && Object.is(a.raw, b.raw) && sameItems(a.messages, b.messages);

/**
 * Reads what the building blocks need for one question: the field re-renders when its own answer, messages or
 * requiredness change, not for a keystroke in another field.
 */
export function useQuestion(q: Question) {
  const form = useForm();
  const { messages, required, raw } = useFormState<QuestionState>(
    (state) => ({ messages: state.messages(q.key), required: isRequired(q, state.answers), raw: state.answers[q.key] }),
    sameQuestionState,
  );
  const value = typeof raw === 'string' ? raw : '';
  return { form, messages, required, value, raw };
}
