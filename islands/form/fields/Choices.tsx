import { useMemo } from 'react';
import type { Option, Question } from '../../../form/types.js';
import { resolveOptions } from '../../../form/options.js';
import { descKey } from '../../../form/fields.js';
import { controlProps, ErrorText, Hint, RequiredMark, FieldShell, useQuestion } from './Field.js';
import { optionsHtml } from './options-html.js';
import { useFormState } from '../context.js';

type Of<K extends Question['kind']> = Extract<Question, { kind: K }>;

/** §3: a choice also stores `<key>_desc`, the visible label of the chosen option ('' when cleared). */
function choose(options: readonly Option[], key: string, value: string) {
  return { [key]: value, [descKey(key)]: options.find((o) => o.value === value)?.label ?? '' };
}

function SelectControl({
  q,
  options,
  className = 'input',
}: {
  q: Of<'select'> | Of<'dependentSelect'>;
  options: readonly Option[];
  className?: string;
}) {
  const { form, messages, required, value } = useQuestion(q);
  // The options as one string (options-html.ts), with the answer the select was rendered with marked, as the page
  // needs without scripts. Only a new list makes a new string: a later answer is chosen by the value prop, where a
  // new string would have React rebuild every option.
  const html = useMemo(() => ({ __html: optionsHtml(options, value) }), [options]);
  return (
    <select
      id={q.key}
      className={className}
      value={value}
      autoComplete={q.autoComplete ?? 'off'}
      onChange={(e) => form.change(choose(options, q.key, e.target.value))}
      onBlur={() => form.blur(q.key)}
      {...controlProps(q, messages, required)}
      dangerouslySetInnerHTML={html}
    />
  );
}

export function SelectField({ q }: { q: Of<'select'> }) {
  const { messages, required } = useQuestion(q);
  // Year lists are computed per call: keep one list (and so one options string) per question.
  const options = useMemo(() => resolveOptions(q.options), [q.options]);
  return (
    <FieldShell q={q} required={required} messages={messages}>
      <SelectControl q={q} options={options} />
    </FieldShell>
  );
}

/** The options a dependent select offers for its controller's current answer, or none (then it is not shown). */
export function dependentOptions(q: Of<'dependentSelect'>, answers: Record<string, unknown>): readonly Option[] {
  const controllerValue = answers[q.controller];
  const source = typeof controllerValue === 'string' ? q.optionsByValue[controllerValue] : undefined;
  return source ? resolveOptions(source) : [];
}

/** Shown only while its controller has a matching answer; clearing on controller change is clearHidden's job. */
export function DependentSelectField({ q }: { q: Of<'dependentSelect'> }) {
  const { messages, required } = useQuestion(q);
  // Only the controller's answer matters here, not the rest of the form.
  const controllerValue = useFormState((snapshot) => snapshot.answers[q.controller]);
  const options = dependentOptions(q, controllerValue === undefined ? {} : { [q.controller]: controllerValue });
  if (options.length === 0) return null;
  return (
    <FieldShell q={q} required={required} messages={messages}>
      <SelectControl q={q} options={options} />
    </FieldShell>
  );
}

/** The id of one radio: the first carries the answer key itself so /{page}#{key} lands on the group. */
export function radioId(key: string, index: number, value: string): string {
  return index === 0 ? key : `${key}--${value}`;
}

export function RadioGroupField({ q }: { q: Of<'radio'> }) {
  const { form, messages, required, value } = useQuestion(q);
  const options = resolveOptions(q.options);
  const withDesc = q.withDesc ?? true;
  const pick = (v: string) => form.change(withDesc ? choose(options, q.key, v) : { [q.key]: v });
  return (
    // role radiogroup (a role fieldset may take) is what carries aria-required for a set of radios.
    <fieldset
      role="radiogroup"
      className={messages.length > 0 ? 'field fieldset field--invalid' : 'field fieldset'}
      aria-required={required || undefined}
    >
      <legend className="field__label">
        {q.label}
        <RequiredMark required={required} />
      </legend>
      <Hint q={q} />
      <div className={options.length <= 2 ? 'choices choices--inline' : 'choices'}>
        {options.map((o, i) => (
          <div className="choice" key={o.value}>
            <input
              type="radio"
              id={radioId(q.key, i, o.value)}
              className="choice__input"
              value={o.value}
              checked={value === o.value}
              onChange={() => pick(o.value)}
              onBlur={() => form.blur(q.key)}
              {...controlProps(q, messages, false)}
            />
            <label htmlFor={radioId(q.key, i, o.value)} className="choice__label">
              {o.label}
            </label>
          </div>
        ))}
      </div>
      <ErrorText keyName={q.key} messages={messages} />
    </fieldset>
  );
}

/** A single check box stores a boolean (form/types.ts); an unticked box counts as not answered. */
export function CheckboxField({ q }: { q: Of<'checkbox'> }) {
  const { form, messages, required, raw } = useQuestion(q);
  return (
    <div className={messages.length > 0 ? 'field field--invalid' : 'field'}>
      <Hint q={q} />
      <div className="choice">
        <input
          type="checkbox"
          id={q.key}
          className="choice__input"
          checked={raw === true}
          onChange={(e) => form.change({ [q.key]: e.target.checked })}
          onBlur={() => form.blur(q.key)}
          {...controlProps(q, messages, required)}
        />
        <label htmlFor={q.key} className="choice__label">
          {q.label}
          <RequiredMark required={required} />
        </label>
      </div>
      <ErrorText keyName={q.key} messages={messages} />
    </div>
  );
}
