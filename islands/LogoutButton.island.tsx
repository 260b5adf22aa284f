import { useEffect, useState } from 'react';
import { ApiError, GENERIC_ERROR_MESSAGE, logout } from './ui/api.js';
import { showError } from './ui/toast-bus.js';

/** 'Log Out' (§2 account popover; also shown on auth pages while logged in): GET /api/logout, then /login. */
export function LogoutButton({ className = 'button button--secondary' }: { className?: string }) {
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setReady(true), []);
  async function onClick() {
    setBusy(true);
    try {
      await logout();
    } catch (err) {
      showError(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE);
      setBusy(false);
    }
  }
  return (
    <button type="button" className={className} onClick={() => void onClick()} disabled={!ready || busy}>
      Log Out
    </button>
  );
}
