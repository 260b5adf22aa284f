import { AuthShell } from '../../layouts/AuthShell.js';

export function Page() {
  return (
    <AuthShell>
      <div className="card">
        <h1 className="card__title">Reset Password</h1>
      </div>
    </AuthShell>
  );
}
