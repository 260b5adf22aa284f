import type { ChecklistLine } from '../../../../../../contracts/checklist-page-data.js';

/** Each teacher's state at the desk (issue 39): invited, opened, received, declined, or an address that refused our e-mail. */
export function RecommendationLines({ lines }: { lines: ChecklistLine[] }) {
  return (
    <>
      <h3>Teacher recommendations</h3>
      {lines.map((line, i) => (
        <p key={i} className={line.tone === 'error' ? 'error' : line.tone === 'muted' ? 'muted' : undefined}>
          {line.text}
        </p>
      ))}
    </>
  );
}
