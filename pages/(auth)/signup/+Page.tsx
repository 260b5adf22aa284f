import { AuthShell } from '../../layouts/AuthShell.js';
import { Island } from '../../../islands/Island.js';
import { AuthCardSignup } from '../../../islands/AuthCardSignup.island.js';
import { Toaster } from '../../../islands/Toaster.island.js';

export function Page() {
  return (
    <AuthShell>
      <Island name="AuthCardSignup" component={AuthCardSignup} props={{}} />
      <Island name="Toaster" component={Toaster} props={{}} />
    </AuthShell>
  );
}
