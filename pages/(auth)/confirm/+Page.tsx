import { AuthPage } from '../AuthPage.js';
import { Island } from '../../../islands/Island.js';
import { AuthCardConfirm } from '../../../islands/AuthCardConfirm.island.js';

export function Page() {
  return (
    <AuthPage>
      <Island name="AuthCardConfirm" component={AuthCardConfirm} props={{}} />
    </AuthPage>
  );
}
