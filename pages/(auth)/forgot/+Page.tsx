import { AuthPage } from '../AuthPage.js';
import { Island } from '../../../islands/Island.js';
import { AuthCardForgot } from '../../../islands/AuthCardForgot.island.js';

export function Page() {
  return (
    <AuthPage>
      <Island name="AuthCardForgot" component={AuthCardForgot} props={{}} />
    </AuthPage>
  );
}
