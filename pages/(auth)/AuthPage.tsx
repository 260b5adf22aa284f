import type { ReactNode } from 'react';
import { AuthShell } from '../layouts/AuthShell.js';
import { Island } from '../../islands/Island.js';
import { Toaster } from '../../islands/Toaster.island.js';
import { LogoutButton } from '../../islands/LogoutButton.island.js';
import { usePageContext } from '../page-context.js';

/**
 * An auth page: the card, the page's toaster, and — for someone still logged in (on /confirm,
 * /forgot or /reset, e.g. a shared computer) — who that is, with a way to log out first.
 */
export function AuthPage({ children }: { children: ReactNode }) {
  const user = usePageContext().locals?.user ?? null;
  return (
    <AuthShell>
      {user ? (
        <div className="alert auth-signed-in">
          <p>
            You are logged in as <strong>{user.username}</strong>.
          </p>
          <Island name="LogoutButton" component={LogoutButton} props={{}} />
        </div>
      ) : null}
      {children}
      <Island name="Toaster" component={Toaster} props={{}} />
    </AuthShell>
  );
}
