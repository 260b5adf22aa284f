import { useEffect, useRef, useState } from 'react';
import { PASSKEY_SIGN_IN_OPTIONS_PATH, PASSKEY_SIGN_IN_PATH, PASSKEY_SIGN_IN_TEXTS } from '../contracts/passkey-sign-in.js';
import { apiRequest } from './ui/api.js';
import { clearCarriedAnswers, navigate, readCarriedAnswers } from './ui/navigation-state.js';
import { ceremonyProblem, loadWebAuthn } from './passkeys/ceremony.js';
import { DEFAULT_ROUTE } from '../contracts/routes.js';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { t } from '../contracts/i18n/page-text.js';

/**
 * Signing in with a passkey on /login (issue 41). Where the browser can, its passkeys for this site are offered in
 * the e-mail field's autofill (conditional mediation: the field's autocomplete is "username webauthn"); the button
 * opens the browser's passkey dialog at any time. No address is asked for, so nothing tells whether an account
 * exists. Without scripts the button is not shown, and the page says that passkeys need them.
 */
export function PasskeySignIn() {
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const alive = useRef(true);

  async function ceremony(useBrowserAutofill: boolean): Promise<void> {
    const { startAuthentication } = await loadWebAuthn();
    const { data: optionsJSON } = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(PASSKEY_SIGN_IN_OPTIONS_PATH, { method: 'POST' });
    const credential = await startAuthentication({ optionsJSON, useBrowserAutofill });
    const answers = readCarriedAnswers();
    const body = answers && Object.keys(answers).length > 0 ? { credential, answers } : { credential };
    await apiRequest(PASSKEY_SIGN_IN_PATH, { method: 'POST', body });
    clearCarriedAnswers();
    // As the password's login: the routing rules take the applicant on to their last page.
    navigate(DEFAULT_ROUTE);
  }

  /** The autofill offer, waiting in the e-mail field until a passkey is chosen there (or a ceremony replaces it). */
  async function offerInAutofill(): Promise<void> {
    const { browserSupportsWebAuthnAutofill } = await loadWebAuthn();
    if (!alive.current || !(await browserSupportsWebAuthnAutofill())) return;
    await ceremony(true).catch((err: unknown) => {
      const message = ceremonyProblem(err, { cancelled: '', refused: t(PASSKEY_SIGN_IN_TEXTS.refused) });
      if (message && alive.current) setProblem(message);
    });
  }

  useEffect(() => {
    const can = typeof window.PublicKeyCredential === 'function';
    setSupported(can);
    if (can) void offerInAutofill();
    return () => {
      alive.current = false;
    };
  }, []);

  async function signIn() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await ceremony(false);
    } catch (err) {
      setProblem(ceremonyProblem(err, { cancelled: t(PASSKEY_SIGN_IN_TEXTS.cancelled), refused: t(PASSKEY_SIGN_IN_TEXTS.refused) }));
      setBusy(false);
      // The dialog replaced the autofill offer: offer it again.
      void offerInAutofill();
    }
  }

  return (
    <div className="passkey-sign-in">
      <noscript>
        <p className="passkey-sign-in__note">{t(PASSKEY_SIGN_IN_TEXTS.needsScripts)}</p>
      </noscript>
      {supported ? (
        <div className="js-only">
          <p className="passkey-sign-in__intro">{t(PASSKEY_SIGN_IN_TEXTS.intro)}</p>
          {problem ? (
            <div className="alert alert--error" role="alert">
              <p>{t(problem)}</p>
            </div>
          ) : null}
          <button type="button" className="button button--secondary passkey-sign-in__button" onClick={() => void signIn()} aria-busy={busy}>
            {busy ? t(PASSKEY_SIGN_IN_TEXTS.waiting) : t(PASSKEY_SIGN_IN_TEXTS.button)}
          </button>
        </div>
      ) : null}
    </div>
  );
}
