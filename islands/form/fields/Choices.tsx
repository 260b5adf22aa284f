import { useContext, useMemo, type ReactElement } from 'react';
import type { Option, Question } from '../../../form/types.js';
import { resolveOptions } from '../../../form/options.js';
import { descKey } from '../../../form/fields.js';
import { controlProps, ErrorText, Hint, RequiredMark, FieldShell, useQuestion } from './Field.js';
import { ServerOptionsContext } from './server-options.js';
import { useFormState } from '../context.js';

type Of<K extends Question['kind']> = Extract<Question, { kind: K }>;

/** §3: a choice also stores `<key>_desc`, the visible label of the chosen option ('' when cleared). */
function choose(options: readonly Option[], key: string, value: string) {
  return { [key]: value, [descKey(key)]: options.find((o) => o.value === value)?.label ?? '' };
}

// The same <option> elements for the same list on every render: React skips an unchanged element without
// comparing its children, so a keystroke elsewhere in the form does not walk the ~580 options of the country,
// state and date selects again (a 4× slower phone felt that on every key).
const optionElements = new WeakMap<readonly Option[], ReactElement[]>();
function optionsOf(options: readonly Option[]): ReactElement[] {
  let elements = optionElements.get(options);
  if (!elements) {
    elements = options.map((o) => (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ));
    optionElements.set(options, elements);
  }
  return elements;
}

function SelectControl({ q, options, className = 'input' }: { q: Of<'select'> | Of<'dependentSelect'>; options: readonly Option[]; className?: string }) {
  const { form, messages, required, value } = useQuestion(q);
  const serverOptions = useContext(ServerOptionsContext);
  const props = {
    id: q.key,
    className,
    value,
    autoComplete: q.autoComplete ?? 'off',
    onChange: (e: { target: { value: string } }) => form.change(choose(options, q.key, e.target.value)),
    onBlur: () => form.blur(q.key),
    ...controlProps(q, messages, required),
  };
  // On the server: the same markup as the children below, rendered once per list (see server-options.ts).
  if (serverOptions) return <select {...props} dangerouslySetInnerHTML={{ __html: serverOptions(options, value) }} />;
  return (
    <select {...props}>
      <OptionList options={options} />
    </select>
  );
}

/** A select's options after its placeholder; the server's cached rendering must equal this (test/unit/form-server-options.test.tsx). */
export function OptionList({ options }: { options: readonly Option[] }) {
  return (
    <>
      <option value="">Select an option</option>
      {optionsOf(options)}
    </>
  );
}

export function SelectField({ q }: { q: Of<'select'> }) {
  const { messages, required } = useQuestion(q);
  // Year lists are computed per call: keep one list (and so one set of option elements) per question.
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
    <fieldset role="radiogroup" className={messages.length > 0 ? 'field fieldset field--invalid' : 'field fieldset'} aria-required={required || undefined}>
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
