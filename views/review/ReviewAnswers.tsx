import type { Answers, PageId, Question, ValidationEntry } from '../../form/types.js';
import { formDefinition, pageById } from '../../form/definition.js';
import { pageOfKey } from '../../form/fields.js';
import { clearHidden, isAnswered } from '../../form/conditions.js';
import { isRequired } from '../../form/required.js';
import { formatFileSize } from '../../form/documents.js';
import { ReadOnlyContext, readOnlyContext } from '../form/read-only-context.js';
import { ReadOnlyNodes } from '../form/ReadOnlyNodes.js';
import type { FormPageData } from '../../contracts/page-data.js';
import { pageLang, t } from '../../contracts/i18n/page-text.js';
import { localizeMessage } from '../../form/i18n/localize-message.js';

type DocumentAnswer = FormPageData['document_answer'][string];

/** A document question's state in words (the review lists "the documents with their status"). */
export function documentStatusText(document: DocumentAnswer | undefined): string {
  if (!document || document.status === 'NOT_ANSWERED') return t('No file uploaded.');
  const file = `${document.file_name} (${formatFileSize(document.file_size)})`;
  switch (document.status) {
    case 'COMPLETED':
      return t('{{file}}: uploaded and converted to PDF.', { file });
    case 'FAILED':
      return t('{{file}}: could not be converted. Upload it again.', { file });
    default:
      return t('{{file}}: being converted to PDF.', { file });
  }
}

function problemsId(key: string): string {
  return `review-${key}-problems`;
}

/**
 * Every page of the application in the read-only layout of the staff view and the PDF (the same renderer and
 * the same displayValue), each answer with a Change link to /{page}#{key} and the problems validation finds
 * marked where they are. Short enough for a phone: empty optional answers and the forms' guidance are left out,
 * a check group (race and ethnicity) is one line. A submitted application is shown without Change links.
 */
export function ReviewAnswers({
  answers,
  documents,
  counts,
  tabs,
  problems,
  editable,
}: {
  answers: Answers;
  documents: Record<string, DocumentAnswer>;
  counts: Record<string, number>;
  tabs: Record<string, string>;
  problems: readonly ValidationEntry[];
  editable: boolean;
}) {
  const definition = formDefinition(pageLang());
  // Converted documents count as answered (§3), as in the staff view.
  const marks = Object.fromEntries(
    Object.entries(documents)
      .filter(([, d]) => d.status === 'COMPLETED')
      .map(([key]) => [key, 'ANSWERED']),
  );
  const shown = clearHidden({ ...answers, ...marks }, undefined, { definition, ui: { addAnother: counts, tabs } });
  const byKey = new Map(problems.map((p) => [p.key, p.messages]));
  const context = readOnlyContext(shown, {
    counts,
    tabs,
    // A review that fits a phone: an optional question left empty is not listed (an unticked optional box neither);
    // what is required, answered, in question, or a document with a file is.
    listed: (q: Question) =>
      isAnswered(shown[q.key]) ||
      isRequired(q, shown) ||
      byKey.has(q.key) ||
      (q.kind === 'file' && documents[q.key] !== undefined && documents[q.key]!.status !== 'NOT_ANSWERED'),
    readOnlyExtra: (q: Question) => {
      const page = pageOfKey(q.key, definition);
      const messages = byKey.get(q.key) ?? [];
      const label = q.printLabel ?? q.label;
      return {
        invalid: messages.length > 0,
        after: (
          <>
            {q.kind === 'file' ? <span className="review-field__document">{documentStatusText(documents[q.key])}</span> : null}
            {messages.length > 0 ? (
              <span id={problemsId(q.key)} className="review-field__problems">
                {messages.map((message) => (
                  <span key={message} className="field__error-message">
                    <span className="visually-hidden">{`${t('Problem:')} `}</span>
                    {localizeMessage(message, pageLang())}
                  </span>
                ))}
              </span>
            ) : null}
            {editable && page ? (
              <a
                className="review-field__change"
                href={`${pageById(page, definition).path}#${q.key}`}
                aria-describedby={messages.length > 0 ? problemsId(q.key) : undefined}
              >
                {t('Change')}
                <span className="visually-hidden">{` ${label}`}</span>
              </a>
            ) : null}
          </>
        ),
      };
    },
  });
  return (
    <ReadOnlyContext.Provider value={context}>
      {definition.pages.map((page) => (
        <section key={page.id} className="review-page readonly-page" data-page={page.id} aria-labelledby={`review-page-${page.id}`}>
          <h2 id={`review-page-${page.id}`} className="review-page__title">
            {page.title}
          </h2>
          <ReadOnlyNodes nodes={page.children} level={3} />
        </section>
      ))}
    </ReadOnlyContext.Provider>
  );
}

/** The problems in one list at the top, grouped by page, each linking to its question (as the validation summary does). */
export function ReviewProblems({ problems }: { problems: readonly ValidationEntry[] }) {
  const definition = formDefinition(pageLang());
  const count = problems.reduce((n, p) => n + p.messages.length, 0);
  return (
    <div className="error-summary review-problems" aria-labelledby="review-problems-title">
      <h2 id="review-problems-title" className="error-summary__title">
        {count === 1
          ? t('1 answer needs your attention before you can submit')
          : t('{{count}} answers need your attention before you can submit', { count })}
      </h2>
      <ul className="error-summary__list">
        {problems.flatMap((problem) => {
          const page = pageById(problem.page as PageId, definition);
          return problem.messages.map((message) => (
            <li key={`${problem.key}:${message}`}>
              <a href={`${page.path}#${problem.key}`}>{`${page.title}: ${localizeMessage(message, pageLang())}`}</a>
            </li>
          ));
        })}
      </ul>
    </div>
  );
}
