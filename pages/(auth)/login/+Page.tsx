import { AuthShell } from '../../layouts/AuthShell.js';
import { Island } from '../../../islands/Island.js';
import { AuthCardLogin } from '../../../islands/AuthCardLogin.island.js';
import { Toaster } from '../../../islands/Toaster.island.js';

export function Page() {
  return (
    <AuthShell>
      <Island name="AuthCardLogin" component={AuthCardLogin} props={{}} />
      <Island name="Toaster" component={Toaster} props={{}} />
    </AuthShell>
  );
}
