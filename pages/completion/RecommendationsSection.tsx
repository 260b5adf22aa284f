import type { RecommendationsView, RecommenderView } from '../../contracts/recommendations.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * Teacher recommendations (issue 39), on /completion and on /recommendations before submitting: the FERPA
 * waiver, each teacher's state (never their letter), and a plain form per teacher to invite, correct or replace.
 * Works without JavaScript: every form is a post that comes back here naming its outcome.
 */

const ORDINAL = ['First', 'Second'] as const;

function Mark({ state }: { state: RecommenderView['state'] | null }) {
  const mark = state === 'received' ? '✔' : state === 'declined' || state === 'refused' ? '!' : '…';
  return (
    <span className="checklist__mark" aria-hidden="true">
      {mark}
    </span>
  );
}

function Waiver({ view }: { view: RecommendationsView }) {
  const question = t('Do you waive your right to read your recommendation letters?');
  const ferpa = (
    <p className="field__hint" id="waiver-hint">
      {t(
        'Under the Family Educational Rights and Privacy Act (FERPA), if you enroll you have the right to read the letters written for you. You may waive that right. Teachers are told your answer before they write, and it cannot change once a teacher has been invited.',
      )}
    </p>
  );
  if (view.waiverFinal)
    return (
      <>
        <p>
          <strong>{question}</strong>{' '}
          {view.waived ? t('You waived your right to read the letters.') : t('You did not waive your right to read the letters.')}
        </p>
      </>
    );
  return (
    <form method="post" action={view.waiverAction}>
      <input type="hidden" name="back" value={view.back} />
      <fieldset aria-describedby="waiver-hint">
        <legend>{question}</legend>
        {ferpa}
        <label className="recommendations__radio">
          <input type="radio" name="waive" value="yes" defaultChecked={view.waived === true} required />
          <span>{t('Yes, I waive my right to read the letters')}</span>
        </label>
        <label className="recommendations__radio">
          <input type="radio" name="waive" value="no" defaultChecked={view.waived === false} />
          <span>{t('No, I do not waive my right to read the letters')}</span>
        </label>
        <button type="submit" className="button button--secondary">
          {t('Save my answer')}
        </button>
      </fieldset>
    </form>
  );
}

function TeacherForm({ view, slot }: { view: RecommendationsView; slot: RecommendationsView['slots'][number] }) {
  const r = slot.recommender;
  const id = (name: string) => `rec-${slot.slot}-${name}`;
  const error = view.notice?.kind === 'error' && view.notice.slot === slot.slot ? t(view.notice.text) : null;
  // A teacher who declined is replaced (empty fields); a refused address is corrected (name and subject kept).
  const declined = r?.state === 'declined';
  const refused = r?.state === 'refused';
  const ordinal = ORDINAL[slot.slot - 1];
  // Whole sentences in the catalogue (the ordinal agrees with its noun in Spanish).
  const legend = t(
    !r
      ? `${ordinal} teacher`
      : refused
        ? `${ordinal} teacher: give another address`
        : declined
          ? `${ordinal} teacher: ask someone else`
          : `${ordinal} teacher: correct the address or ask someone else`,
  );
  const kept = r && !declined ? r : null;
  const input = (name: 'name' | 'email' | 'subject', label: string, value: string, type = 'text') => (
    <div className="field">
      <label className="field__label" htmlFor={id(name)}>
        {label}
      </label>
      <input
        className="input"
        type={type}
        id={id(name)}
        name={name}
        defaultValue={value}
        required
        maxLength={name === 'email' ? 254 : 100}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id('error') : undefined}
      />
    </div>
  );
  return (
    <form method="post" action={view.inviteAction} noValidate>
      <input type="hidden" name="back" value={view.back} />
      <input type="hidden" name="slot" value={slot.slot} />
      <fieldset>
        <legend>{legend}</legend>
        {error ? (
          <p className="field__error-message" id={id('error')} role="alert">
            {error}
          </p>
        ) : null}
        {input('name', t('Teacher’s name'), kept?.name ?? '')}
        {input('email', t('Teacher’s e-mail address'), kept && !refused ? kept.email : '', 'email')}
        {input('subject', t('Subject they teach you'), kept?.subject ?? '')}
        <button type="submit" className="button button--secondary">
          {r && !declined ? t('Send a new invitation') : t('Send the invitation')}
        </button>
        {kept && !refused ? <p className="field__hint">{t('The link we sent before stops working.')}</p> : null}
      </fieldset>
    </form>
  );
}

/** `heading`: the section's h2 ("Your teachers" under the /recommendations page's own h1). */
export function RecommendationsSection({ view, heading = t('Teacher recommendations') }: { view: RecommendationsView; heading?: string }) {
  const general = view.notice && !(view.notice.kind === 'error' && view.notice.slot) ? view.notice : null;
  return (
    <section className="completion__section recommendations" id="recommendations" aria-labelledby="recommendations-heading">
      <h2 id="recommendations-heading">{heading}</h2>
      <p>
        {t(
          'You may ask up to two teachers for a letter of recommendation. We e-mail each one a link to send it; you see here when it arrives, but never the letter.',
        )}
      </p>
      {general ? (
        <p className={`alert alert--${general.kind}`} role="status">
          {t(general.text)}
        </p>
      ) : null}
      <Waiver view={view} />
      <ul className="recommenders" aria-label={t('Your teachers')}>
        {view.slots.map((slot) => {
          const r = slot.recommender;
          const done = r?.state === 'received';
          const problem = r?.state === 'declined' || r?.state === 'refused';
          return (
            <li
              key={slot.slot}
              className={`checklist__item${done ? ' checklist__item--done' : ''}${problem ? ' checklist__item--problem' : ''}`}
              data-recommender={slot.slot}
              data-state={r?.state ?? 'none'}
            >
              <Mark state={r?.state ?? null} />
              <span>
                <strong>{t(`${ORDINAL[slot.slot - 1]} teacher`)}</strong>
                {r ? ` — ${r.name} (${r.subject}), ${r.email}` : null}
                <br />
                {r ? t(r.text, r.params) : t('Not asked yet.')}
                {r?.reason ? (
                  <>
                    <br />
                    {t('Their reason: {{reason}}', { reason: r.reason })}
                  </>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      {view.waived !== null && view.sendsLeft > 0
        ? view.slots.filter((s) => s.editable).map((slot) => <TeacherForm key={slot.slot} view={view} slot={slot} />)
        : null}
      {view.waived !== null && view.sendsLeft > 0 ? (
        <p className="field__hint">
          {view.sendsLeft === 1
            ? t('You can send 1 more invitation.')
            : t('You can send {{count}} more invitations.', { count: view.sendsLeft })}
        </p>
      ) : null}
    </section>
  );
}
