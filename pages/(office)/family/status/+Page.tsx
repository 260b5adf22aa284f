import { useData } from '../../../page-context.js';
import type { FamilyApplicantStatus, FamilyStatusData } from '../../../../contracts/family.js';
import { FamilyLayout } from '../FamilyLayout.js';
import { t } from '../../../../contracts/i18n/page-text.js';

/** One applicant's checklist, decision and reply, as a family member reads them (issue 39): no answer, no document. */
function ApplicantStatus({ applicant, headingLevel }: { applicant: FamilyApplicantStatus; headingLevel: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const decision = applicant.decision;
  return (
    <>
      <ul className="family__checklist">
        <li>
          <strong>{t('Application:')}</strong> {t('submitted on {{date}}.', { date: applicant.submittedOn })}
        </li>
        <li>
          <strong>{t('High school transcript:')}</strong> {applicant.transcript.text}
        </li>
        <li>
          <strong>{t('Admission decision:')}</strong>{' '}
          {decision.state === 'ready'
            ? t('released on {{date}}.', { date: decision.releasedOn })
            : t('expected by {{date}}.', { date: decision.by })}
        </li>
        {applicant.reply ? (
          <li>
            <strong>{t('Reply to the offer:')}</strong> {applicant.reply}
          </li>
        ) : null}
      </ul>
      {decision.state === 'ready' ? (
        <section aria-labelledby={`decision-${applicant.id}`}>
          <H id={`decision-${applicant.id}`}>{t('Admission decision')}</H>
          <p>
            <strong>{decision.headline}</strong>
          </p>
          {decision.letter ? <div className="letter">{decision.letter}</div> : null}
        </section>
      ) : null}
    </>
  );
}

/** The family's read-only status page: each applicant who invited this address, one section each. */
export function Page() {
  const page = useData<FamilyStatusData>()!;
  const one = page.applicants.length === 1 ? page.applicants[0]! : null;
  return (
    <FamilyLayout title={one ? t('Application status of {{name}}', { name: one.name }) : t(page.title)} signedInAs={page.email}>
      <p className="muted">
        {t(
          'You can see the checklist and, once it is released, the admission decision. The applicant’s answers and documents are private to them.',
        )}
      </p>
      {one ? (
        <ApplicantStatus applicant={one} headingLevel={2} />
      ) : (
        page.applicants.map((applicant) => (
          <section key={applicant.id} aria-labelledby={`applicant-${applicant.id}`} className="family__applicant">
            <h2 id={`applicant-${applicant.id}`}>{applicant.name}</h2>
            <ApplicantStatus applicant={applicant} headingLevel={3} />
          </section>
        ))
      )}
    </FamilyLayout>
  );
}
