import { AuthPage } from '../AuthPage.js';
import { Island } from '../../../islands/Island.js';
import { AuthCardReset } from '../../../islands/AuthCardReset.island.js';
import { usePageContext } from '../../page-context.js';

/** §2: reads username and id from the reset link's query (the route sends Referrer-Policy: no-referrer). */
export function Page() {
  const { urlParsed } = usePageContext();
  const param = (name: string) => {
    const value = urlParsed.search[name];
    return typeof value === 'string' ? value.slice(0, 300) : '';
  };
  return (
    <AuthPage>
      <Island name="AuthCardReset" component={AuthCardReset} props={{ username: param('username'), id: param('id') }} />
    </AuthPage>
  );
}
