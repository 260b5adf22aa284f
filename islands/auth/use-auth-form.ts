import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { AuthForm, FieldErrors } from '../../contracts/auth-check.js';
import { ApiError } from '../ui/api.js';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/messages.js';
import { showError } from '../ui/toast-bus.js';
import { loadAuthRules, loadedAuthRules, preloadAuthRules } from './rules-loader.js';

export interface AuthFormOptions<K extends string> {
  form: AuthForm;
  initial: Record<K, string>;
  /** §4 "Fields checked on submit". */
  submitFields: readonly NoInfer<K>[];
  /** '<card> Error' (§8). */
  errorTitle: string;
  /** The API call and what follows; throw ApiError to show its message in the error toast. */
  onValid: (values: Record<K, string>) => Promise<void>;
  /** Errors of a plain form post the server answered (shown until the first submit here). */
  serverErrors?: FieldErrors;
}

/**
 * Auth card state (§4 "Auth card submit"): validation on every change and on submit with the shared
 * rules; submit blocked while a checked field has errors (shown at the field, focus moved there);
 * call errors shown as a toast titled '<card> Error'. The rules (a small chunk) load on the first input or
 * submit; errors are shown only after a submit, which waits for them.
 */
export function useAuthForm<K extends string>({ form, initial, submitFields, errorTitle, onValid, serverErrors = {} }: AuthFormOptions<K>) {
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  // A press before hydration is a plain form post, which the server answers the same way.
  const inputs = useRef<Partial<Record<K, HTMLInputElement | null>>>({});
  const submitting = useRef(false);

  // Text typed or autofilled before hydration is in the inputs but not in state, and the first
  // re-render would write the empty state back over it: take it in before anything renders again.
  useLayoutEffect(() => {
    const typed: Partial<Record<K, string>> = {};
    for (const [key, input] of Object.entries(inputs.current) as Array<[K, HTMLInputElement | null]>) {
      if (input && !input.readOnly && input.value !== initial[key]) typed[key] = input.value;
    }
    if (Object.keys(typed).length > 0) {
      setValues((prev) => ({ ...prev, ...typed }));
      preloadAuthRules();
    }
    // Only once, at hydration.
  }, []);

  const checked = (all: FieldErrors): Partial<Record<K, string[]>> => {
    const out: Partial<Record<K, string[]>> = {};
    for (const key of submitFields) if (all[key]) out[key] = all[key];
    return out;
  };
  // `attempted` is set only once the rules have loaded.
  const rules = attempted ? loadedAuthRules() : null;
  const errors: Partial<Record<K, string[]>> = rules
    ? checked(rules(form, values))
    : attempted
      ? {}
      : (serverErrors as Partial<Record<K, string[]>>);

  /** A change by the student: the first one starts loading the rules the submit will need. */
  const set = (key: K, value: string) => {
    preloadAuthRules();
    setValues((prev) => ({ ...prev, [key]: value }));
  };
  const setMany = (patch: Partial<Record<K, string>>) => setValues((prev) => ({ ...prev, ...patch }));
  const bind = (key: K) => (element: HTMLInputElement | null) => {
    inputs.current[key] = element;
  };

  /** The props an AuthField needs for one of the card's values. */
  const field = (key: K) => ({
    value: values[key],
    onChange: (value: string) => set(key, value),
    errors: errors[key],
    inputRef: bind(key),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A ref, not `busy`: a second Enter while the rules download must not submit twice.
    if (submitting.current) return;
    submitting.current = true;
    try {
      let validate = loadedAuthRules();
      if (!validate) {
        // Only the first submit without any input before it waits here; say so on the button.
        setBusy(true);
        validate = await loadAuthRules();
      }
      setAttempted(true);
      const found = checked(validate(form, values));
      const first = submitFields.find((key) => found[key]);
      if (first) {
        const input = inputs.current[first];
        // A field without an input (the reset link's id) can only be reported in the toast.
        if (input) input.focus();
        else showError(found[first]![0]!, errorTitle);
        return;
      }
      setBusy(true);
      await onValid(values);
    } catch (err) {
      showError(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE, errorTitle);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  }

  return { values, set, setMany, errors, attempted, busy, bind, field, onSubmit };
}
