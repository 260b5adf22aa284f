import { useState, type FormEvent } from 'react';
import { ApiError } from '../ui/api.js';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/messages.js';
import { t } from '../../contracts/i18n/page-text.js';
import { showError } from '../ui/toast-bus.js';

/** Where the plain logout form posts (server/auth/form-posts.server.ts). */
export const LOGOUT_PATH = '/logout';

/**
 * 'Log Out' as a `<form method="post">`: without scripts the server ends the session and redirects to
 * /login; hydrated, `run` does it (POST /api/logout, saving unsaved answers first where asked).
 */
export function LogoutForm({ className, run }: { className: string; run?: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent) {
    if (!run) return;
    event.preventDefault();
    setBusy(true);
    try {
      await run();
    } catch (err) {
      showError(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE);
      setBusy(false);
    }
  }
  return (
    <form method="post" action={LOGOUT_PATH} className="logout-form" onSubmit={(event) => void onSubmit(event)}>
      <button type="submit" className={className} disabled={busy}>
        {t('Log Out')}
      </button>
    </form>
  );
}
