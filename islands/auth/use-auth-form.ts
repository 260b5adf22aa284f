import { useEffect, useRef, useState, type FormEvent } from 'react';
import { authErrors, type AuthForm, type FieldErrors } from '../../server/auth/rules.js';
import { ApiError, GENERIC_ERROR_MESSAGE } from '../ui/api.js';
import { showError } from '../ui/toast-bus.js';

export interface AuthFormOptions<K extends string> {
  form: AuthForm;
  initial: Record<K, string>;
  /** §4 "Fields checked on submit". */
  submitFields: readonly NoInfer<K>[];
  /** '<card> Error' (§8). */
  errorTitle: string;
  /** The API call and what follows; throw ApiError to show its message in the error toast. */
  onValid: (values: Record<K, string>) => Promise<void>;
}

/**
 * Auth card state (§4 "Auth card submit"): validation on every change and on submit with the shared
 * rules; submit blocked while a checked field has errors (shown at the field, focus moved there);
 * call errors shown as a toast titled '<card> Error'.
 */
export function useAuthForm<K extends string>({ form, initial, submitFields, errorTitle, onValid }: AuthFormOptions<K>) {
  const [values, setValues] = useState(initial);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  // Hydrated: before this the button stays disabled, so a press cannot fall back to a plain form post.
  const [ready, setReady] = useState(false);
  const inputs = useRef<Partial<Record<K, HTMLInputElement | null>>>({});

  useEffect(() => setReady(true), []);

  const checked = (all: FieldErrors): Partial<Record<K, string[]>> => {
    const out: Partial<Record<K, string[]>> = {};
    for (const key of submitFields) if (all[key]) out[key] = all[key];
    return out;
  };
  const errors: Partial<Record<K, string[]>> = attempted ? checked(authErrors(form, values)) : {};

  const set = (key: K, value: string) => setValues((prev) => ({ ...prev, [key]: value }));
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
    if (busy) return;
    setAttempted(true);
    const found = checked(authErrors(form, values));
    const first = submitFields.find((key) => found[key]);
    if (first) {
      const input = inputs.current[first];
      // A field without an input (the reset link's id) can only be reported in the toast.
      if (input) input.focus();
      else showError(found[first]![0]!, errorTitle);
      return;
    }
    setBusy(true);
    try {
      await onValid(values);
    } catch (err) {
      showError(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE, errorTitle);
    } finally {
      setBusy(false);
    }
  }

  return { values, set, setMany, errors, busy, ready, bind, field, onSubmit };
}
