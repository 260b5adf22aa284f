import type { FormEvent, ReactNode } from 'react';

/** The §2 auth card: title, form ending in Submit, optional secondary actions, footer question. */
export function CardFrame({
  title,
  onSubmit,
  busy,
  ready,
  children,
  actions,
  footer,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  ready: boolean;
  children: ReactNode;
  actions?: ReactNode;
  footer: ReactNode;
}) {
  return (
    <section className="card auth-card" aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className="card__title">
        {title}
      </h1>
      <form className="auth-form" method="post" noValidate onSubmit={onSubmit} aria-labelledby="auth-card-title" aria-busy={busy}>
        {children}
        <button type="submit" className="button auth-form__submit" disabled={!ready}>
          {busy ? 'Please wait…' : 'Submit'}
        </button>
      </form>
      {actions ? <div className="auth-card__actions">{actions}</div> : null}
      <p className="card__footer">{footer}</p>
    </section>
  );
}
