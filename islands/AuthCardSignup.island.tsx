import { AuthField } from './auth/AuthField.js';
import { CardFrame } from './auth/CardFrame.js';
import { CHECKLIST_ID, PasswordChecklist } from './auth/PasswordChecklist.js';
import { useAuthForm } from './auth/use-auth-form.js';
import { api } from './ui/api.js';
import { navigate } from './ui/navigation-state.js';

/** §2 Sign-up card with the live password checklist; success goes to /confirm carrying the address. */
export function AuthCardSignup() {
  const card = useAuthForm({
    form: 'signup',
    initial: { username: '', password: '' },
    submitFields: ['username', 'password'],
    errorTitle: 'Sign Up Card Error',
    async onValid(values) {
      const { message } = await api<{ message: string }>('/public/signup', { method: 'POST', body: values });
      navigate('/confirm', { username: values.username.trim().toLowerCase(), flash: { kind: 'success', message } });
    },
  });
  return (
    <CardFrame
      title="Sign Up"
      onSubmit={card.onSubmit}
      busy={card.busy}
      ready={card.ready}
      footer={
        <>
          Already have an account? <a href="/login">Log in</a>
        </>
      }
    >
      <AuthField
        id="username"
        label="Email"
        type="email"
        autoComplete="email"
        {...card.field('username')}
      />
      <AuthField
        id="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        value={card.values.password}
        onChange={(v) => card.set('password', v)}
        errors={card.errors.password}
        describedBy={[CHECKLIST_ID]}
        inputRef={card.bind('password')}
      />
      <PasswordChecklist password={card.values.password} />
    </CardFrame>
  );
}
