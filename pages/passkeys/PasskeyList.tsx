import { formatLocalTime } from '../../form/local-time.js';
import { PASSKEYS_ROUTE, PASSKEY_REMOVE_PATH, PASSKEY_REMOVE_QUERY, PASSKEY_TEXTS, type PasskeySummary } from '../../contracts/passkeys.js';
import { t } from '../../contracts/i18n/page-text.js';

/** The id the removal question is shown under: the Remove links point at it, so the page opens there. */
export const CONFIRM_ID = 'confirm-remove';

/** The account's passkeys: name, when added, when last used, and a Remove link that asks first (?remove=<id>). */
export function PasskeyList({ passkeys, timeZone }: { passkeys: PasskeySummary[]; timeZone: string }) {
  if (passkeys.length === 0) return <p className="passkeys__none">{t(PASSKEY_TEXTS.none)}</p>;
  return (
    <ul className="passkey-list">
      {passkeys.map((passkey) => (
        <li key={passkey.id} className="passkey-list__item">
          <p className="passkey-list__name">{passkey.name}</p>
          <dl className="passkey-list__facts">
            <div>
              <dt>{t(PASSKEY_TEXTS.created)}</dt>
              <dd>{formatLocalTime(passkey.createdAt, timeZone)}</dd>
            </div>
            <div>
              <dt>{t(PASSKEY_TEXTS.lastUsed)}</dt>
              <dd>{passkey.lastUsedAt ? formatLocalTime(passkey.lastUsedAt, timeZone) : t(PASSKEY_TEXTS.neverUsed)}</dd>
            </div>
          </dl>
          <a
            className="button button--secondary passkey-list__remove"
            href={`${PASSKEYS_ROUTE}?${PASSKEY_REMOVE_QUERY}=${encodeURIComponent(passkey.id)}#${CONFIRM_ID}`}
            aria-label={t(PASSKEY_TEXTS.removeLabel, { name: passkey.name })}
          >
            {t(PASSKEY_TEXTS.remove)}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The confirmation a Remove link leads to: the removal itself is this form's POST (Origin-checked, scoped to the
 * account); "Keep it" goes back to the list. The same page with or without scripts.
 */
export function RemoveConfirm({ passkey }: { passkey: PasskeySummary }) {
  return (
    <section id={CONFIRM_ID} className="alert alert--warning passkeys__confirm" aria-labelledby="confirm-remove-title" tabIndex={-1}>
      <h2 id="confirm-remove-title" className="alert__title">
        {t(PASSKEY_TEXTS.confirmTitle)}
      </h2>
      <p>{t(PASSKEY_TEXTS.confirmText, { name: passkey.name })}</p>
      <form method="post" action={PASSKEY_REMOVE_PATH} className="passkeys__confirm-actions">
        <input type="hidden" name="id" value={passkey.id} />
        <button type="submit" className="button button--danger">
          {t(PASSKEY_TEXTS.confirmButton)}
        </button>
        <a className="button button--secondary" href={PASSKEYS_ROUTE}>
          {t(PASSKEY_TEXTS.keepButton)}
        </a>
      </form>
    </section>
  );
}
