import type { FamilyMemberView } from '../../contracts/family.js';
import { MAX_FAMILY_MEMBERS } from '../../contracts/family.js';
import { FAMILY_ROUTE } from '../../contracts/routes.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * /completion's "Family access" (issue 39): who may read this status, and the way to /family, where the applicant
 * invites and removes them.
 */
export function FamilySection({ members }: { members: FamilyMemberView[] }) {
  return (
    <section className="completion__section" id="family" aria-labelledby="completion-family">
      <h2 id="completion-family">{t('Family access')}</h2>
      {members.length === 0 ? (
        <p>
          {t(
            'You can let up to {{max}} people, such as a parent, follow this checklist and your decision. They never see your answers or documents.',
            {
              max: MAX_FAMILY_MEMBERS,
            },
          )}
        </p>
      ) : (
        <ul className="family-access__summary">
          {members.map((member) => (
            <li key={member.id}>
              <strong>{member.name}</strong>
              {member.lastSignedIn
                ? ` ${t('(signed in last on {{date}})', { date: member.lastSignedIn })}`
                : ` ${t('(invited, has not signed in yet)')}`}
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={FAMILY_ROUTE}>{members.length === 0 ? t('Invite a family member') : t('Invite someone or remove access')}</a>
      </p>
    </section>
  );
}
