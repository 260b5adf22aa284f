import { useEffect, useState } from 'react';
import { AuthField } from './auth/AuthField.js';
import { CardFrame } from './auth/CardFrame.js';
import { useAuthForm } from './auth/use-auth-form.js';
import { api, ApiError, GENERIC_ERROR_MESSAGE } from './ui/api.js';
import { clearCarriedAnswers, navigate, readCarriedAnswers, readNavUsername } from './ui/navigation-state.js';
import { showError } from './ui/toast-bus.js';
import { authErrors } from '../server/auth/rules.js';

const RESEND_ERROR_TITLE = 'Resend Confirmation Code Error';

/** §2 Login card. Answers typed while logged out go with the login call and are kept for the account. */
export function AuthCardLogin() {
  const card = useAuthForm({
    form: 'login',
    initial: { username: '', password: '' },
    submitFields: ['username', 'password'],
    errorTitle: 'Login Card Error',
    async onValid(values) {
      const answers = readCarriedAnswers();
      await api('/public/login', { method: 'POST', body: { ...values, ...(answers && Object.keys(answers).length > 0 ? { answers } : {}) } });
      clearCarriedAnswers();
      navigate('/about', { username: '' });
    },
  });
  const [resending, setResending] = useState(false);

  useEffect(() => {
    const username = readNavUsername();
    if (username) card.setMany({ username });
    // Only once, on arrival.
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
      navigate('/confirm', { username: card.values.username.trim().toLowerCase(), flash: { kind: 'success', message } });
    } catch (err) {
      showError(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE, RESEND_ERROR_TITLE);
    } finally {
      setResending(false);
    }
  }

  return (
    <CardFrame
      title="Log In"
      onSubmit={card.onSubmit}
      busy={card.busy}
      ready={card.ready}
      actions={
        <>
          <button type="button" className="link-button" onClick={() => void resend()} disabled={!card.ready || resending}>
            Resend confirmation code?
          </button>
          <a href="/forgot">Forgot password?</a>
        </>
      }
      footer={
        <>
          Don&apos;t have an account? <a href="/signup">Sign up</a>
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
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        {...card.field('password')}
      />
    </CardFrame>
  );
}
