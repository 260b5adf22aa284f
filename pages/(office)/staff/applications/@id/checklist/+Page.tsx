import { useData } from '../../../../../page-context.js';
import type { ChecklistPageResult } from '../../../../../../contracts/checklist-page-data.js';
import { StaffLayout } from '../../../StaffLayout.js';
import { TranscriptSection } from './TranscriptSection.js';
import { DecisionSection } from './DecisionSection.js';
import { RecommendationLines } from './RecommendationLines.js';

export function Page() {
  const page = useData<ChecklistPageResult>()!;
  if (page.kind === 'missing') {
    return (
      <StaffLayout title={page.title} staffEmail={page.staffEmail}>
        <p>{page.message}</p>
        <p>
          <a href="/staff">Back to the list</a>
        </p>
      </StaffLayout>
    );
  }
  return (
    <StaffLayout title={page.title} staffEmail={page.staffEmail}>
      <p>
        <a href="/staff">Back to the list</a> · <a href={`${page.base}/reply`}>Reply and deposit</a>
      </p>
      <section aria-labelledby="office-checklist">
        <h2 id="office-checklist">Checklist and decision</h2>
        {page.done ? <p role="status">{page.done}</p> : null}
        <TranscriptSection base={page.base} transcript={page.transcript} />
        {page.recommendations ? <RecommendationLines lines={page.recommendations} /> : null}
        <DecisionSection base={page.base} decision={page.decision} />
      </section>
    </StaffLayout>
  );
}
