import { useData, usePageContext } from '../page-context.js';
import { FormShell } from '../layouts/FormShell.js';
import { shellConfig } from '../layouts/public-config.js';
import { Island } from '../../islands/Island.js';
import { PasskeyAdd } from '../../islands/PasskeyAdd.island.js';
import { PASSKEYS_ROUTE, PASSKEY_TEXTS } from '../../contracts/passkeys.js';
import type { Data } from './+data.js';
import { PasskeyList, RemoveConfirm } from './PasskeyList.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * Passkeys (/passkeys, issue 41), reached from the account menu: the account's passkeys (listed and removed as plain
 * HTML, with or without scripts) and adding one (the PasskeyAdd island: WebAuthn needs JavaScript, and says so
 * without it). Logged-in applicants only (pages/+guard.ts, as /your-data).
 */
export function Page() {
  const data = useData<Data>();
  const pageContext = usePageContext();
  if (!data) return null;
  const { timeZone } = shellConfig(pageContext);
  const flash = pageContext.locals?.flash ?? null;
  return (
    <FormShell current={PASSKEYS_ROUTE}>
      <h1>{t(PASSKEY_TEXTS.pageTitle)}</h1>
      <p>{t(PASSKEY_TEXTS.intro)}</p>
      {flash ? (
        <div className={`alert alert--${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
          <p className="alert__title">{flash.title ?? (flash.kind === 'error' ? 'Error' : 'Success')}</p>
          <p>{flash.message}</p>
        </div>
      ) : null}
      {data.confirmRemove ? <RemoveConfirm passkey={data.confirmRemove} /> : null}
      <section aria-labelledby="passkeys-list" className="passkeys__section">
        <h2 id="passkeys-list">{t(PASSKEY_TEXTS.listTitle)}</h2>
        <PasskeyList passkeys={data.passkeys} timeZone={timeZone} />
      </section>
      <section aria-labelledby="passkeys-add" className="passkeys__section">
        <h2 id="passkeys-add">{t(PASSKEY_TEXTS.addTitle)}</h2>
        <Island name="PasskeyAdd" component={PasskeyAdd} props={{ count: data.passkeys.length }} />
      </section>
      <p className="your-data__back">
        <a href={data.submitted ? '/completion' : '/about'}>{t(PASSKEY_TEXTS.back)}</a>
      </p>
    </FormShell>
  );
}
