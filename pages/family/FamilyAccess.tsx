import { FAMILY_FIELDS, FAMILY_INVITE_PATH, FAMILY_NAME_MAX, FAMILY_REMOVE_PATH, MAX_FAMILY_MEMBERS } from '../../contracts/family.js';
import type { FamilyAccessData, FamilyMemberView } from '../../contracts/family.js';
import { EmailText } from '../../islands/ui/EmailText.js';

/** Who has access (issue 39): each with when they were invited and last signed in, and a button that removes them at once. */
export function FamilyMembers({ members }: { members: FamilyMemberView[] }) {
  return (
    <section className="family-access" aria-labelledby="family-who">
      <h2 id="family-who">Who has access</h2>
      {members.length === 0 ? (
        <p>Nobody has access.</p>
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
                  {`Invited on ${member.invitedOn}. `}
                  {member.lastSignedIn ? `Signed in last on ${member.lastSignedIn}.` : 'Has not signed in yet.'}
                </span>
              </p>
              <form method="post" action={FAMILY_REMOVE_PATH}>
                <input type="hidden" name={FAMILY_FIELDS.member} value={member.id} />
                <button type="submit" className="button button--secondary" aria-label={`Remove access for ${member.name}`}>
                  Remove access
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
      <h2 id="family-invite">Invite someone</h2>
      {errors.name || errors.email ? (
        <div className="alert alert--error" role="alert">
          <p className="alert__title">Error</p>
          <p>{errors.name ?? errors.email}</p>
        </div>
      ) : null}
      {left <= 0 ? (
        <p>{`You have invited ${MAX_FAMILY_MEMBERS} people, the most there can be. Remove someone to invite another person.`}</p>
      ) : (
        <form method="post" action={FAMILY_INVITE_PATH} className="family-access__form" noValidate>
          <p className="field__hint">{`You can invite ${left} more ${left === 1 ? 'person' : 'people'}.`}</p>
          <div className={errors.name ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={FAMILY_FIELDS.name}>
              Their name
            </label>
            {errors.name ? (
              <p className="field__error-message" id={`${FAMILY_FIELDS.name}-error`}>
                {errors.name}
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
              Their e-mail address
            </label>
            {errors.email ? (
              <p className="field__error-message" id={`${FAMILY_FIELDS.email}-error`}>
                {errors.email}
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
            Send the invitation
          </button>
        </form>
      )}
    </section>
  );
}
