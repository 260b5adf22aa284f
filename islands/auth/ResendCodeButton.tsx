import { useRef, useState } from 'react';
import { api, ApiError } from '../ui/api.js';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/messages.js';
import { showError } from '../ui/toast-bus.js';
import { loadAuthRules } from './rules-loader.js';
import { AUTH_FORM_ID } from './CardFrame.js';
import { RESEND, RESEND_FIELD } from '../../contracts/auth-cards.js';

const RESEND_ERROR_TITLE = RESEND.errorTitle;

/**
 * §2 "Resend confirmation code" (login and confirm cards): checks the address with the shared rules,
 * asks for a new code, and hands the success message to the card, which decides where it shows.
 * Without scripts it is a second submit button of the card's form, which the server reads by its name.
 */
export function ResendCodeButton({ username, label, onSent }: { username: string; label: string; onSent: (message: string) => void }) {
  const [resending, setResending] = useState(false);
  // Disabled only while the request runs (as before the rules loaded lazily), so a refused address
  // leaves focus on the button; the ref stops a double press while the rules download.
  const pending = useRef(false);

  async function resend() {
    if (pending.current) return;
    pending.current = true;
    try {
      const problems = (await loadAuthRules())(RESEND.form, { username });
      if (problems.username) {
        showError(problems.username[0]!, RESEND_ERROR_TITLE);
        return;
      }
      setResending(true);
      const { message } = await api<{ message: string }>(RESEND.call, { method: 'POST', body: { username } });
      onSent(message);
    } catch (err) {
      showError(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE, RESEND_ERROR_TITLE);
    } finally {
      pending.current = false;
      setResending(false);
    }
  }

  return (
    // An <input type="submit">: the card's own Submit stays its only submit <button>.
    <input
      type="submit"
      form={AUTH_FORM_ID}
      name={RESEND_FIELD}
      value={label}
      className="link-button"
      onClick={(event) => {
        event.preventDefault();
        void resend();
      }}
      disabled={resending}
    />
  );
}
