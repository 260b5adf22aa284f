import { AuthPage } from '../AuthPage.js';
import { Island } from '../../../islands/Island.js';
import { AuthCardSignup } from '../../../islands/AuthCardSignup.island.js';

export function Page() {
  return (
    <AuthPage>
      <Island name="AuthCardSignup" component={AuthCardSignup} props={{}} />
    </AuthPage>
  );
}
