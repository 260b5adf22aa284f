import { AuthPage } from '../AuthPage.js';
import { Island } from '../../../islands/Island.js';
import { AuthCardLogin } from '../../../islands/AuthCardLogin.island.js';

export function Page() {
  return (
    <AuthPage>
      <Island name="AuthCardLogin" component={AuthCardLogin} props={{}} />
    </AuthPage>
  );
}
