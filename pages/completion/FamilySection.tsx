import type { FamilyMemberView } from '../../contracts/family.js';
import { MAX_FAMILY_MEMBERS } from '../../contracts/family.js';
import { FAMILY_ROUTE } from '../../contracts/routes.js';

/**
 * /completion's "Family access" (issue 39): who may read this status, and the way to /family, where the applicant
 * invites and removes them.
 */
export function FamilySection({ members }: { members: FamilyMemberView[] }) {
  return (
    <section className="completion__section" id="family" aria-labelledby="completion-family">
      <h2 id="completion-family">Family access</h2>
      {members.length === 0 ? (
        <p>{`You can let up to ${MAX_FAMILY_MEMBERS} people, such as a parent, follow this checklist and your decision. They never see your answers or documents.`}</p>
      ) : (
        <ul className="family-access__summary">
          {members.map((member) => (
            <li key={member.id}>
              <strong>{member.name}</strong>
              {member.lastSignedIn ? ` (signed in last on ${member.lastSignedIn})` : ' (invited, has not signed in yet)'}
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={FAMILY_ROUTE}>{members.length === 0 ? 'Invite a family member' : 'Invite someone or remove access'}</a>
      </p>
    </section>
  );
}
