import { AuthField } from './auth/AuthField.js';
import { CardFrame } from './auth/CardFrame.js';
import { useAuthForm } from './auth/use-auth-form.js';
import { api } from './ui/api.js';
import { showSuccess } from './ui/toast-bus.js';

/** §2 Forgot card: a success toast on completion; the link arrives by e-mail. */
export function AuthCardForgot() {
  const card = useAuthForm({
    form: 'forgot',
    initial: { username: '' },
    submitFields: ['username'],
    errorTitle: 'Forgot Password Card Error',
    async onValid(values) {
      const { message } = await api<{ message: string }>('/public/forgot-password', { method: 'POST', body: values });
      showSuccess(message);
    },
  });
  return (
    <CardFrame
      title="Forgot Password"
      onSubmit={card.onSubmit}
      busy={card.busy}
      ready={card.ready}
      footer={
        <>
          Remember your password? <a href="/login">Log in</a>
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
    </CardFrame>
  );
}
