import { AuthShell } from '../../layouts/AuthShell.js';
import { Island } from '../../../islands/Island.js';
import { AuthCardForgot } from '../../../islands/AuthCardForgot.island.js';
import { Toaster } from '../../../islands/Toaster.island.js';

export function Page() {
  return (
    <AuthShell>
      <Island name="AuthCardForgot" component={AuthCardForgot} props={{}} />
      <Island name="Toaster" component={Toaster} props={{}} />
    </AuthShell>
  );
}
