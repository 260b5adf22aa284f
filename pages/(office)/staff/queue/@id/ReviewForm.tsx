import type { ReviewFormField } from '../../../../../contracts/reading-page-data.js';
import { ErrorMessage } from '../../reading-parts.js';

/** The review form rendered from its definition: scales and the recommendation as radio groups, the comment a textarea. */
export function ReviewForm({
  id,
  form,
  values,
  errors,
}: {
  id: string;
  form: ReviewFormField[];
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  return (
    <form method="post" action={`/staff/queue/${id}/review`} className="review-form" noValidate>
      <ErrorMessage
        error={errors[''] ?? (Object.keys(errors).length ? 'The review is not complete: see the messages at each question.' : null)}
      />
      {form.map((f) => {
        const error = errors[f.key];
        const errorId = `${f.key}-error`;
        if (f.kind === 'text') {
          return (
            <div key={f.key} className="field">
              <label htmlFor={f.key}>
                {f.label}
                {f.required ? '' : ' (optional)'}
              </label>
              <p id={`${f.key}-hint`} className="muted">
                At most {f.maxLength.toLocaleString('en-US')} characters.
              </p>
              {error ? (
                <p id={errorId} className="error">
                  {error}
                </p>
              ) : null}
              <textarea
                id={f.key}
                name={f.key}
                rows={6}
                maxLength={f.maxLength}
                defaultValue={values[f.key] ?? ''}
                aria-describedby={error ? `${f.key}-hint ${errorId}` : `${f.key}-hint`}
                aria-invalid={error ? true : undefined}
              />
            </div>
          );
        }
        const options =
          f.kind === 'scale'
            ? Array.from({ length: f.max - f.min + 1 }, (_, i) => ({ value: String(f.min + i), label: String(f.min + i) }))
            : f.options;
        return (
          <fieldset
            key={f.key}
            className={f.kind === 'scale' ? 'scale' : 'choice'}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
          >
            <legend>
              {f.label}
              {f.kind === 'scale' && f.hint ? <span className="muted"> ({f.hint})</span> : null}
            </legend>
            {error ? (
              <p id={errorId} className="error">
                {error}
              </p>
            ) : null}
            <div className="options">
              {options.map((o) => (
                <label key={o.value} className="option">
                  <input type="radio" name={f.key} value={o.value} defaultChecked={values[f.key] === o.value} required={f.required} />{' '}
                  {o.label}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <button type="submit">Submit the review</button>
      <p className="muted">A submitted review is final.</p>
    </form>
  );
}
