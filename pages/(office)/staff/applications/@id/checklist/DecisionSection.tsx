import type { ChecklistPageData } from '../../../../../../contracts/checklist-page-data.js';

/** The decision, its letter, and (until it is released) the form that records it and the button that releases it. */
export function DecisionSection({ base, decision }: { base: string; decision: ChecklistPageData['decision'] }) {
  const { summary, form } = decision;
  return (
    <>
      <h3>Decision</h3>
      {summary ? (
        <>
          <p>
            <strong>{summary.label}</strong>
            {summary.text}
          </p>
          {decision.letter ? <pre className="letter">{decision.letter}</pre> : <p className="muted">No letter.</p>}
        </>
      ) : (
        <p>No decision recorded.</p>
      )}
      {form ? (
        <form method="post" action={`${base}/decision`}>
          <fieldset className="form-box">
            <legend>Record a decision</legend>
            {form.options.map((option) => (
              <div className="choice" key={option.value}>
                <input
                  type="radio"
                  id={`decision-${option.value}`}
                  name="decision"
                  value={option.value}
                  defaultChecked={option.checked}
                  required
                />
                <label htmlFor={`decision-${option.value}`}>{option.label}</label>
              </div>
            ))}
            <p>
              <label htmlFor="letter">Letter (optional; the applicant reads it on their status page)</label>
              <br />
              <textarea id="letter" name="letter" rows={8} cols={60} maxLength={form.letterMax} defaultValue={form.letter} />
            </p>
            <div className="choice">
              <input type="checkbox" id="release" name="release" value="1" />
              <label htmlFor="release">Release it now (the applicant is e-mailed)</label>
            </div>
            <button type="submit">Record the decision</button>
          </fieldset>
        </form>
      ) : null}
      {decision.canRelease ? (
        <form method="post" action={`${base}/release`}>
          <button type="submit">Release this decision</button>
        </form>
      ) : null}
    </>
  );
}
