import { useEffect } from 'react';
import { AuthField } from './auth/AuthField.js';
import { CardFrame } from './auth/CardFrame.js';
import { ResendCodeButton } from './auth/ResendCodeButton.js';
import { useAuthForm } from './auth/use-auth-form.js';
import { api } from './ui/api.js';
import { clearCarriedAnswers, navigate, readCarriedAnswers, readNavUsername } from './ui/navigation-state.js';

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

  useEffect(() => {
    const username = readNavUsername();
    if (username) card.setMany({ username });
    // Only once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <CardFrame
      title="Log In"
      onSubmit={card.onSubmit}
      busy={card.busy}
      ready={card.ready}
      actions={
        <>
          <ResendCodeButton
            username={card.values.username}
            ready={card.ready}
            label="Resend confirmation code?"
            onSent={(message) => navigate('/confirm', { username: card.values.username.trim().toLowerCase(), flash: { kind: 'success', message } })}
          />
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
