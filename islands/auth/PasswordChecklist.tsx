import { PASSWORD_RULES, PASSWORD_SPECIAL_CHARACTERS, PASSWORDS_MATCH_RULE, passwordRuleHolds } from '../../contracts/password-rules.js';
import { t } from '../../contracts/i18n/page-text.js';

export const CHECKLIST_ID = 'password-requirements';

type State = 'inactive' | 'error' | 'success';

const STATUS_TEXT: Record<State, string> = { inactive: '', error: 'Not met: ', success: 'Met: ' };
const statusText = (state: State) => (state === 'inactive' ? '' : t(STATUS_TEXT[state]));

/**
 * The live password requirements (§4): every item inactive while the password is empty, then error
 * or success. On reset, `confirm` adds 'passwords must match'. Rules come from the shared module.
 */
export function PasswordChecklist({ password, confirm }: { password: string; confirm?: string }) {
  const items: Array<{ id: string; label: string; state: State }> = PASSWORD_RULES.map((rule) => ({
    id: rule.id,
    label: t(rule.label),
    state: password === '' ? 'inactive' : passwordRuleHolds(rule, password) ? 'success' : 'error',
  }));
  if (confirm !== undefined) {
    items.push({
      ...PASSWORDS_MATCH_RULE,
      label: t(PASSWORDS_MATCH_RULE.label),
      state: password === '' ? 'inactive' : password === confirm ? 'success' : 'error',
    });
  }
  return (
    <div className="checklist" id={CHECKLIST_ID}>
      <p className="checklist__heading" id={`${CHECKLIST_ID}-heading`}>
        {t('Your password:')}
      </p>
      <ul className="checklist__items" aria-labelledby={`${CHECKLIST_ID}-heading`}>
        {items.map((item) => (
          <li key={item.id} className={`checklist__item checklist__item--${item.state}`} data-rule={item.id} data-state={item.state}>
            <span className="visually-hidden">{statusText(item.state)}</span>
            {item.label}
          </li>
        ))}
      </ul>
      <p className="checklist__hint">
        {t('Special characters:')} <span className="checklist__specials">{PASSWORD_SPECIAL_CHARACTERS.split('').join(' ')}</span>
      </p>
    </div>
  );
}
