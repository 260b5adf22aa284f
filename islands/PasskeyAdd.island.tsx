import { useEffect, useState, type FormEvent } from 'react';
import { apiRequest } from './ui/api.js';
import { navigate } from './ui/navigation-state.js';
import { ceremonyProblem, loadWebAuthn } from './passkeys/ceremony.js';
import {
  PASSKEYS_ROUTE,
  PASSKEY_NAME_MAX_LENGTH,
  PASSKEY_REGISTER_OPTIONS_PATH,
  PASSKEY_REGISTER_PATH,
  PASSKEY_TEXTS,
} from '../contracts/passkeys.js';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { t } from '../contracts/i18n/page-text.js';

export interface PasskeyAddProps {
  /** How many passkeys the account has (the list above). */
  count: number;
}

/**
 * Adding a passkey (issue 41): an optional name, then the browser's own dialog (WebAuthn, through
 * @simplewebauthn/browser loaded on the click). The server checks the answer; the page then reloads with the new
 * passkey in its list. Without scripts it says plainly that passkeys need them (the list and removal still work).
 */
export function PasskeyAdd({ count }: PasskeyAddProps) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(typeof window.PublicKeyCredential === 'function'), []);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const { startRegistration } = await loadWebAuthn();
      const { data: optionsJSON } = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(PASSKEY_REGISTER_OPTIONS_PATH, {
        method: 'POST',
      });
      const credential = await startRegistration({ optionsJSON });
      const { data } = await apiRequest<{ message: string }>(PASSKEY_REGISTER_PATH, { method: 'POST', body: { credential, name } });
      navigate(PASSKEYS_ROUTE, { flash: { kind: 'success', message: data.message } });
    } catch (err) {
      setProblem(
        ceremonyProblem(err, {
          cancelled: t(PASSKEY_TEXTS.addCancelled),
          refused: t(PASSKEY_TEXTS.addRefused),
          already: t(PASSKEY_TEXTS.onThisDevice),
        }),
      );
      setBusy(false);
    }
  }

  return (
    <div className="passkey-add">
      <noscript>
        <p className="alert">{t(PASSKEY_TEXTS.needsScripts)}</p>
      </noscript>
      {supported ? (
        <form className="js-only passkey-add__form" onSubmit={add} aria-busy={busy} noValidate>
          {problem ? (
            <div className="alert alert--error" role="alert">
              <p>{t(problem)}</p>
            </div>
          ) : null}
          <div className="field">
            <label className="field__label" htmlFor="passkey-name">
              {t(PASSKEY_TEXTS.nameLabel)}
            </label>
            <p className="field__hint" id="passkey-name-hint">
              {t(PASSKEY_TEXTS.nameHint)}
            </p>
            <input
              className="input"
              id="passkey-name"
              name="name"
              type="text"
              autoComplete="off"
              maxLength={PASSKEY_NAME_MAX_LENGTH}
              placeholder={t(PASSKEY_TEXTS.defaultName, { count: count + 1 })}
              aria-describedby="passkey-name-hint"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <button type="submit" className="button">
            {busy ? t(PASSKEY_TEXTS.adding) : t(PASSKEY_TEXTS.addButton)}
          </button>
        </form>
      ) : (
        <p className="alert">{t(PASSKEY_TEXTS.unsupported)}</p>
      )}
    </div>
  );
}
