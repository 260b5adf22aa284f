import { FAMILY_FIELDS, FAMILY_INVITE_PATH, FAMILY_NAME_MAX, FAMILY_REMOVE_PATH, MAX_FAMILY_MEMBERS } from '../../contracts/family.js';
import type { FamilyAccessData, FamilyMemberView } from '../../contracts/family.js';
import { EmailText } from '../../islands/ui/EmailText.js';
import { t } from '../../contracts/i18n/page-text.js';

/** Who has access (issue 39): each with when they were invited and last signed in, and a button that removes them at once. */
export function FamilyMembers({ members }: { members: FamilyMemberView[] }) {
  return (
    <section className="family-access" aria-labelledby="family-who">
      <h2 id="family-who">{t('Who has access')}</h2>
      {members.length === 0 ? (
        <p>{t('Nobody has access.')}</p>
      ) : (
        <ul className="family-access__list">
          {members.map((member) => (
            <li key={member.id} className="family-access__member">
              <p>
                <strong>{member.name}</strong>
                <br />
                <EmailText email={member.email} />
                <br />
                <span className="field__hint">
                  {`${t('Invited on {{date}}.', { date: member.invitedOn })} `}
                  {member.lastSignedIn ? t('Signed in last on {{date}}.', { date: member.lastSignedIn }) : t('Has not signed in yet.')}
                </span>
              </p>
              <form method="post" action={FAMILY_REMOVE_PATH}>
                <input type="hidden" name={FAMILY_FIELDS.member} value={member.id} />
                <button
                  type="submit"
                  className="button button--secondary"
                  aria-label={t('Remove access for {{name}}', { name: member.name })}
                >
                  {t('Remove access')}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The invitation: a name and an address, while fewer than MAX_FAMILY_MEMBERS have access. A refusal comes back with what was typed. */
export function FamilyInviteForm({ members, form }: { members: FamilyMemberView[]; form: FamilyAccessData['form'] }) {
  const left = MAX_FAMILY_MEMBERS - members.length;
  const errors = form?.errors ?? {};
  return (
    <section className="family-access" aria-labelledby="family-invite">
      <h2 id="family-invite">{t('Invite someone')}</h2>
      {errors.name || errors.email ? (
        <div className="alert alert--error" role="alert">
          <p className="alert__title">{t('Error')}</p>
          <p>{t((errors.name ?? errors.email)!)}</p>
        </div>
      ) : null}
      {left <= 0 ? (
        <p>
          {t('You have invited {{max}} people, the most there can be. Remove someone to invite another person.', {
            max: MAX_FAMILY_MEMBERS,
          })}
        </p>
      ) : (
        <form method="post" action={FAMILY_INVITE_PATH} className="family-access__form" noValidate>
          <p className="field__hint">
            {left === 1 ? t('You can invite 1 more person.') : t('You can invite {{n}} more people.', { n: left })}
          </p>
          <div className={errors.name ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={FAMILY_FIELDS.name}>
              {t('Their name')}
            </label>
            {errors.name ? (
              <p className="field__error-message" id={`${FAMILY_FIELDS.name}-error`}>
                {t(errors.name)}
              </p>
            ) : null}
            <input
              className="input"
              id={FAMILY_FIELDS.name}
              name={FAMILY_FIELDS.name}
              type="text"
              autoComplete="off"
              maxLength={FAMILY_NAME_MAX}
              defaultValue={form?.name ?? ''}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${FAMILY_FIELDS.name}-error` : undefined}
            />
          </div>
          <div className={errors.email ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={FAMILY_FIELDS.email}>
              {t('Their e-mail address')}
            </label>
            {errors.email ? (
              <p className="field__error-message" id={`${FAMILY_FIELDS.email}-error`}>
                {t(errors.email)}
              </p>
            ) : null}
            <input
              className="input"
              id={FAMILY_FIELDS.email}
              name={FAMILY_FIELDS.email}
              type="email"
              autoComplete="off"
              maxLength={254}
              defaultValue={form?.email ?? ''}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${FAMILY_FIELDS.email}-error` : undefined}
            />
          </div>
          <button type="submit" className="button">
            {t('Send the invitation')}
          </button>
        </form>
      )}
    </section>
  );
}
