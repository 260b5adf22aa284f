import { useEffect, useState } from 'react';
import { AuthField } from './auth/AuthField.js';
import { CardFrame } from './auth/CardFrame.js';
import { useAuthForm } from './auth/use-auth-form.js';
import { api, ApiError, GENERIC_ERROR_MESSAGE } from './ui/api.js';
import { navigate, readNavUsername } from './ui/navigation-state.js';
import { showError, showSuccess } from './ui/toast-bus.js';
import { authErrors } from '../server/auth/rules.js';

const RESEND_ERROR_TITLE = 'Resend Confirmation Code Error';

/**
 * §2 Confirm card. The address arrives in navigation state from sign-up or login; it stays editable
 * so a student who opens /confirm in a new tab can still type it.
 */
export function AuthCardConfirm() {
  const card = useAuthForm({
    form: 'confirm',
    initial: { username: '', code: '' },
    submitFields: ['code'],
    errorTitle: 'Confirm Card Error',
    async onValid(values) {
      const { message } = await api<{ message: string }>('/public/confirm', { method: 'POST', body: values });
      navigate('/login', { username: values.username.trim().toLowerCase(), flash: { kind: 'success', message } });
    },
  });
  const [resending, setResending] = useState(false);

  useEffect(() => {
    const username = readNavUsername();
    if (username) card.setMany({ username });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function resend() {
    const problems = authErrors('resend', { username: card.values.username });
    if (problems.username) {
      showError(problems.username[0]!, RESEND_ERROR_TITLE);
      return;
    }
    setResending(true);
    try {
      const { message } = await api<{ message: string }>('/public/resend-confirm', { method: 'POST', body: { username: card.values.username } });
      showSuccess(message);
    } catch (err) {
      showError(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE, RESEND_ERROR_TITLE);
    } finally {
      setResending(false);
    }
  }

  return (
    <CardFrame
      title="Confirm Your Account"
      onSubmit={card.onSubmit}
      busy={card.busy}
      ready={card.ready}
      actions={
        <button type="button" className="link-button" onClick={() => void resend()} disabled={!card.ready || resending}>
          Resend confirmation code
        </button>
      }
      footer={
        <>
          Already confirmed? <a href="/login">Log in</a>
        </>
      }
    >
      <AuthField
        id="username"
        label="Email"
        type="email"
        autoComplete="username"
        {...card.field('username')}
      />
      <AuthField
        id="code"
        label="Confirmation code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...card.field('code')}
      />
    </CardFrame>
  );
}
