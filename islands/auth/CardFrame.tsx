import type { FormEvent, ReactNode } from 'react';
import { t } from '../../contracts/i18n/page-text.js';

/** The form's id: the resend button sits outside it (in the card's actions) and joins it by `form`. */
export const AUTH_FORM_ID = 'auth-form';

/**
 * The §2 auth card: title, a `<form method="post">` to the card's own page ending in Submit (the server
 * answers it without scripts; the island intercepts it), optional secondary actions, footer question.
 */
export function CardFrame({
  title,
  action,
  onSubmit,
  busy,
  summary,
  children,
  actions,
  footer,
}: {
  title: string;
  action: string;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  summary?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  footer: ReactNode;
}) {
  return (
    <section className="card auth-card" aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className="card__title">
        {title}
      </h1>
      {summary}
      <form
        id={AUTH_FORM_ID}
        className="auth-form"
        method="post"
        action={action}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="auth-card-title"
        aria-busy={busy}
      >
        {children}
        <button type="submit" className="button auth-form__submit">
          {busy ? t('Please wait…') : t('Submit')}
        </button>
      </form>
      {actions ? <div className="auth-card__actions">{actions}</div> : null}
      <p className="card__footer">{footer}</p>
    </section>
  );
}
