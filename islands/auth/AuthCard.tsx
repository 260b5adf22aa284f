import { useEffect } from 'react';
import { AUTH_CARDS, type AuthCardDefinition, type AuthCardState, type AuthSuccess } from '../../contracts/auth-cards.js';
import { AuthField } from './AuthField.js';
import { AuthErrorSummary } from './AuthErrorSummary.js';
import { CardFrame } from './CardFrame.js';
import { CHECKLIST_ID, PasswordChecklist } from './PasswordChecklist.js';
import { ResendCodeButton } from './ResendCodeButton.js';
import { useAuthForm } from './use-auth-form.js';
import { api } from '../ui/api.js';
import { clearCarriedAnswers, navigate, readCarriedAnswers, readNavUsername } from '../ui/navigation-state.js';
import { showSuccess } from '../ui/toast-bus.js';
import { t } from '../../contracts/i18n/page-text.js';

/** An auth card island's props: what the server shows again after a plain post (see AuthCardState). */
export type AuthCardProps = AuthCardState;

/** The cards some success carries the address to (confirm, login): they prefill it from navigation state. */
const PREFILLED = new Set(
  Object.values(AUTH_CARDS).flatMap((card) => [card.success, card.resend?.success].filter((s) => s?.carryUsername).map((s) => s!.to)),
);

/** Where a success goes (the same place the server's form post redirects to). */
function succeed(card: AuthCardDefinition, success: AuthSuccess, message: string, username: string): void {
  if (success.to === card.path) {
    showSuccess(message);
    return;
  }
  navigate(success.to, {
    username: success.carryUsername ? username.trim().toLowerCase() : '',
    flash: success.flash ? { kind: 'success', message } : undefined,
  });
}

/**
 * One §2 auth card, drawn from its definition (contracts/auth-cards.ts). The server renders it as a plain
 * form that works without scripts; hydrated, it validates with the shared rules, calls the JSON API and
 * goes where the definition says.
 */
export function AuthCard({ card, values: given = {}, errors: serverErrors, problem, title }: AuthCardProps & { card: AuthCardDefinition }) {
  const initial = Object.fromEntries(card.fields.map((field) => [field.key, given[field.key] ?? '']));
  const form = useAuthForm({
    form: card.form,
    initial,
    submitFields: card.submitFields,
    errorTitle: card.errorTitle,
    serverErrors,
    async onValid(values) {
      const answers = card.carriesAnswers ? readCarriedAnswers() : null;
      const body = answers && Object.keys(answers).length > 0 ? { ...values, answers } : values;
      const { message } = await api<{ message: string }>(card.call, { method: 'POST', body });
      if (card.carriesAnswers) clearCarriedAnswers();
      succeed(card, card.success, message, values.username ?? '');
    },
  });

  useEffect(() => {
    if (!PREFILLED.has(card.path) || form.values.username) return;
    const username = readNavUsername();
    if (username) form.setMany({ username });
    // Only once, on arrival.
  }, []);

  const { resend, footer } = card;
  return (
    <CardFrame
      title={t(card.title)}
      action={card.path}
      onSubmit={form.onSubmit}
      busy={form.busy}
      summary={
        <AuthErrorSummary
          title={form.attempted ? card.errorTitle : (title ?? card.errorTitle)}
          problem={form.attempted ? undefined : problem}
          errors={form.errors}
          fields={card.fields}
          fromServer={!form.attempted}
        />
      }
      actions={
        resend || card.links ? (
          <>
            {resend ? (
              <ResendCodeButton
                username={form.values.username ?? ''}
                label={t(resend.label)}
                onSent={(message) => succeed(card, resend.success, message, form.values.username ?? '')}
              />
            ) : null}
            {card.links?.map((link) => (
              <a key={link.href} href={link.href}>
                {t(link.text)}
              </a>
            ))}
          </>
        ) : undefined
      }
      footer={
        <>
          {t(footer.question)} <a href={footer.href}>{t(footer.text)}</a>
        </>
      }
    >
      {card.fields.map((field) =>
        field.type === 'hidden' ? (
          <input key={field.key} type="hidden" name={field.key} value={form.values[field.key] ?? ''} />
        ) : (
          <AuthField
            key={field.key}
            id={field.key}
            label={field.label}
            type={field.type}
            autoComplete={field.autoComplete ?? 'off'}
            inputMode={field.inputMode}
            readOnly={field.readOnly}
            describedBy={field.checklist ? [CHECKLIST_ID] : []}
            {...form.field(field.key)}
            value={form.values[field.key] ?? ''}
          />
        ),
      )}
      {card.checklist ? (
        <PasswordChecklist
          password={form.values.password ?? ''}
          confirm={card.checklist === 'match' ? (form.values.confirm_password ?? '') : undefined}
        />
      ) : null}
    </CardFrame>
  );
}
