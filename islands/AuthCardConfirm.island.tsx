import { useEffect } from 'react';
import { AuthField } from './auth/AuthField.js';
import { CardFrame } from './auth/CardFrame.js';
import { ResendCodeButton } from './auth/ResendCodeButton.js';
import { useAuthForm } from './auth/use-auth-form.js';
import { api } from './ui/api.js';
import { navigate, readNavUsername } from './ui/navigation-state.js';
import { showSuccess } from './ui/toast-bus.js';

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

  useEffect(() => {
    const username = readNavUsername();
    if (username) card.setMany({ username });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <CardFrame
      title="Confirm Your Account"
      onSubmit={card.onSubmit}
      busy={card.busy}
      ready={card.ready}
      actions={
        <ResendCodeButton username={card.values.username} ready={card.ready} label="Resend confirmation code" onSent={showSuccess} />
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
