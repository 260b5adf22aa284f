import type { PageContextServer } from 'vike/types';
import { AuthShell } from '../layouts/AuthShell.js';
import { Island } from '../../islands/Island.js';
import { Toaster } from '../../islands/Toaster.island.js';
import { LogoutButton } from '../../islands/LogoutButton.island.js';
import { AuthCardConfirm } from '../../islands/AuthCardConfirm.island.js';
import { AuthCardForgot } from '../../islands/AuthCardForgot.island.js';
import { AuthCardLogin } from '../../islands/AuthCardLogin.island.js';
import { AuthCardReset } from '../../islands/AuthCardReset.island.js';
import { AuthCardSignup } from '../../islands/AuthCardSignup.island.js';
import { PasskeySignIn } from '../../islands/PasskeySignIn.island.js';
import type { AuthCardProps } from '../../islands/auth/AuthCard.js';
import type { AuthCardName, AuthCardState } from '../../contracts/auth-cards.js';
import { usePageContext } from '../page-context.js';
import { KeptAnswersNotice } from '../layouts/banners/KeptAnswersNotice.js';
import { t } from '../../contracts/i18n/page-text.js';

const ISLANDS = {
  signup: ['AuthCardSignup', AuthCardSignup],
  confirm: ['AuthCardConfirm', AuthCardConfirm],
  login: ['AuthCardLogin', AuthCardLogin],
  forgot: ['AuthCardForgot', AuthCardForgot],
  reset: ['AuthCardReset', AuthCardReset],
} as const satisfies Record<AuthCardName, readonly [string, (props: AuthCardProps) => React.JSX.Element]>;

/** The card's state: after a plain post as the server answered it; else the address carried here, or the reset link's. */
function cardState(card: AuthCardName, context: PageContextServer): AuthCardState {
  if (context.authCard) return context.authCard;
  if (card === 'reset') {
    // §2: username and id from the reset link's query (the route sends Referrer-Policy: no-referrer).
    const param = (name: string) => {
      const value = context.urlParsed.search[name];
      return typeof value === 'string' ? value.slice(0, 300) : '';
    };
    return { values: { username: param('username'), id: param('id') } };
  }
  const username = context.locals?.flash?.username;
  return username ? { values: { username } } : {};
}

/**
 * An auth page: the message carried from the previous step of a plain form post, the card, the page's
 * toaster, and — for someone still logged in (on /confirm, /forgot or /reset, e.g. a shared computer) —
 * who that is, with a way to log out first.
 */
export function AuthPage({ card }: { card: AuthCardName }) {
  const context = usePageContext();
  const user = context.locals?.user ?? null;
  const flash = context.locals?.flash ?? null;
  const [name, Card] = ISLANDS[card];
  return (
    <AuthShell>
      {flash ? (
        <div className={`alert alert--${flash.kind} auth-flash`} role={flash.kind === 'error' ? 'alert' : 'status'}>
          <p className="alert__title">{t(flash.title ?? (flash.kind === 'error' ? 'Error' : 'Success'))}</p>
          <p>{t(flash.message)}</p>
        </div>
      ) : null}
      {user ? (
        <div className="alert auth-signed-in">
          <p>
            {t('You are logged in as')} <strong>{user.username}</strong>.
          </p>
          <Island name="LogoutButton" component={LogoutButton} props={{}} />
        </div>
      ) : null}
      <Island name={name} component={Card} props={cardState(card, context)} />
      {/* Issue 41: a passkey instead of the password, offered in the e-mail field's autofill and by a button. */}
      {card === 'login' && !user ? <Island name="PasskeySignIn" component={PasskeySignIn} props={{}} /> : null}
      {/* Sign-up and login take the kept answers into the account: whoever is here may clear someone else's first. */}
      {!user && context.locals?.keptAnswers && (card === 'signup' || card === 'login') ? <KeptAnswersNotice back={`/${card}`} /> : null}
      {/* Radix Toast loads only for a flash message or the first toast (a failed login): not with every visit. */}
      <Island name="Toaster" component={Toaster} props={{}} hydrate="toast" />
    </AuthShell>
  );
}
