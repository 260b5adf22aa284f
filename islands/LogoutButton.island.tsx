import { logout } from './ui/api.js';
import { LogoutForm } from './auth/LogoutForm.js';

/** 'Log Out' (§2 account popover; also shown on auth pages while logged in): POST /api/logout, then /login. */
export function LogoutButton({ className = 'button button--secondary' }: { className?: string }) {
  return <LogoutForm className={className} run={logout} />;
}
