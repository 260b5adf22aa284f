import { useData } from '../../../page-context.js';
import type { LettersPageData, LetterTemplateView } from '../../../../contracts/reading-page-data.js';
import { StaffLayout } from '../StaffLayout.js';
import { DoneMessage } from '../reading-parts.js';

/** Leads: one template per decision; edit, preview it for an applicant, save it as the next version. */
export function Page() {
  const page = useData<LettersPageData>()!;
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <DoneMessage done={page.done} />
      <p>
        Merge fields, replaced for each applicant: <code>{page.mergeFields.join(', ')}</code>. Any other name in braces is refused.
      </p>
      {page.templates.map((t) => (
        <Template key={t.decision} template={t} editing={page.editing?.decision === t.decision ? page.editing : null} />
      ))}
    </StaffLayout>
  );
}

function Template({ template: t, editing }: { template: LetterTemplateView; editing: LettersPageData['editing'] }) {
  const id = (name: string) => `${t.decision}-${name}`;
  const stale = editing && editing.basedOn !== t.version;
  return (
    <section className="letter-template" aria-labelledby={id('heading')}>
      <h2 id={id('heading')}>
        {t.label} letter, version {t.version}
      </h2>
      <p className="muted">
        {t.editedBy ? `Saved by ${t.editedBy} on ${t.editedAt}.` : 'The letter installed with the application; no one has changed it yet.'}
      </p>
      {editing?.preview ? (
        <>
          <h3 id={id('preview')}>Preview for {editing.reference}</h3>
          <pre className="letter" aria-labelledby={id('preview')}>
            {editing.preview}
          </pre>
        </>
      ) : null}
      <form method="post" action={`/staff/letters/${t.decision}`}>
        <input type="hidden" name="based_on" value={editing ? editing.basedOn : t.version} />
        <label htmlFor={id('body')}>Text of the {t.label.toLowerCase()} letter</label>
        {editing?.error ? (
          <p id={id('body-error')} className="error">
            {editing.error}
          </p>
        ) : null}
        <textarea
          id={id('body')}
          name="body"
          rows={15}
          defaultValue={editing ? editing.body : t.body}
          aria-invalid={editing?.error ? true : undefined}
          aria-describedby={editing?.error ? id('body-error') : undefined}
        />
        <label htmlFor={id('reference')}>Application reference to preview with</label>
        {editing?.referenceError ? (
          <p id={id('reference-error')} className="error">
            {editing.referenceError}
          </p>
        ) : null}
        <input
          id={id('reference')}
          name="reference"
          type="text"
          autoComplete="off"
          placeholder="FA-"
          defaultValue={editing?.reference ?? ''}
          aria-invalid={editing?.referenceError ? true : undefined}
          aria-describedby={editing?.referenceError ? id('reference-error') : undefined}
        />
        <div className="actions">
          <button type="submit" name="action" value="preview" className="secondary">
            Preview for an applicant
          </button>
          <button type="submit" name="action" value="save">
            Save as version {(editing ? editing.basedOn : t.version) + 1}
          </button>
        </div>
        {stale ? (
          <p className="error">
            Version {t.version} was saved while you edited: saving will be refused. Copy your text, reload, and make your change again.
          </p>
        ) : null}
      </form>
    </section>
  );
}
