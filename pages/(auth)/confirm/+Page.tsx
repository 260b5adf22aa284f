import { AuthShell } from '../../layouts/AuthShell.js';
import { Island } from '../../../islands/Island.js';
import { AuthCardConfirm } from '../../../islands/AuthCardConfirm.island.js';
import { Toaster } from '../../../islands/Toaster.island.js';

export function Page() {
  return (
    <AuthShell>
      <Island name="AuthCardConfirm" component={AuthCardConfirm} props={{}} />
      <Island name="Toaster" component={Toaster} props={{}} />
    </AuthShell>
  );
}
