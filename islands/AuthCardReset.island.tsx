import { AuthField } from './auth/AuthField.js';
import { CardFrame } from './auth/CardFrame.js';
import { CHECKLIST_ID, PasswordChecklist } from './auth/PasswordChecklist.js';
import { useAuthForm } from './auth/use-auth-form.js';
import { api } from './ui/api.js';
import { navigate } from './ui/navigation-state.js';

export interface AuthCardResetProps {
  /** From the reset link's query (§2): username and id. */
  username: string;
  id: string;
}

/** §2 Reset card: new password twice, checklist including 'passwords must match'; then /login. */
export function AuthCardReset({ username, id }: AuthCardResetProps) {
  const card = useAuthForm({
    form: 'reset',
    initial: { username, id, password: '', confirm_password: '' },
    submitFields: ['password', 'confirm_password', 'id'],
    errorTitle: 'Reset Password Card Error',
    async onValid(values) {
      const { message } = await api<{ message: string }>('/public/reset-password', { method: 'POST', body: values });
      navigate('/login', { username: values.username.trim().toLowerCase(), flash: { kind: 'success', message } });
    },
  });
  return (
    <CardFrame
      title="Reset Password"
      onSubmit={card.onSubmit}
      busy={card.busy}
      ready={card.ready}
      footer={
        <>
          Remember your password? <a href="/login">Log in</a>
        </>
      }
    >
      <AuthField id="username" label="Email" type="email" autoComplete="username" value={card.values.username} readOnly />
      <AuthField
        id="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={card.values.password}
        onChange={(v) => card.set('password', v)}
        errors={card.errors.password}
        describedBy={[CHECKLIST_ID]}
        inputRef={card.bind('password')}
      />
      <AuthField
        id="confirm_password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...card.field('confirm_password')}
      />
      <PasswordChecklist password={card.values.password} confirm={card.values.confirm_password} />
    </CardFrame>
  );
}
