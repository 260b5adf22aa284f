import type { Answers, PageId } from '../../form/types.js';
import { formDefinition, pageById, PAGE_IDS } from '../../form/definition.js';
import { clearHidden } from '../../form/conditions.js';
import { ReadOnlyContext, readOnlyContext } from './read-only-context.js';
import { ReadOnlyPage } from './ReadOnlyNodes.js';

/**
 * The application as static text (§2 service-user view, and the PDF of §9 "Generated PDF pages"): the form's
 * markup walked from the same definition, so labels, order and conditions never differ from the form.
 * Hidden answers are cleared first, exactly as the form would; no input, button or island is rendered.
 */
export function ReadOnlyForm({
  answers,
  pages = PAGE_IDS,
  counts = {},
  tabs = {},
}: {
  answers: Answers;
  pages?: readonly PageId[];
  counts?: Record<string, number>;
  tabs?: Record<string, string>;
}) {
  const definition = formDefinition();
  const shown = clearHidden(answers, undefined, { definition, ui: { addAnother: counts, tabs } });
  // Under the document's own h1 (the applicant's name): the page titles are h2, their sections h3 and below.
  const context = readOnlyContext(shown, { counts, tabs, headingOffset: 1 });
  return (
    <ReadOnlyContext.Provider value={context}>
      {pages.map((id) => (
        <div key={id} className="readonly-page" data-page={id}>
          <ReadOnlyPage page={pageById(id, definition)} />
        </div>
      ))}
    </ReadOnlyContext.Provider>
  );
}
