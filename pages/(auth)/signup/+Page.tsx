import { AuthShell } from '../../layouts/AuthShell.js';

export function Page() {
  return (
    <AuthShell>
      <div className="card">
        <h1 className="card__title">Sign Up</h1>
      </div>
    </AuthShell>
  );
}
