import type { Question } from '../../form/types.js';
import { displayValue } from '../../form/display.js';
import { useReadOnly } from './read-only-context.js';
import { pageLang } from '../../contracts/i18n/page-text.js';

/** The staff view, the review and the PDF: the question's label and its answer as text (§2 service view). */
export function ReadOnlyField({ q }: { q: Question }) {
  const { answers, readOnlyExtra, listed } = useReadOnly();
  if (listed && !listed(q)) return null;
  const lang = pageLang();
  const text = displayValue(q, answers, lang);
  const extra = readOnlyExtra?.(q) ?? null;
  return (
    <div className={extra?.invalid ? 'readonly-field readonly-field--invalid' : 'readonly-field'} data-key={q.key}>
      <span className="readonly-field__label">{lang === 'en' ? (q.printLabel ?? q.label) : q.label}</span>
      <span className="readonly-field__value">{text === '' ? '—' : text}</span>
      {extra?.after}
    </div>
  );
}

/**
 * A group of questions on one line (the review's short listing): a check group's ticked boxes ("Asian, White"), a
 * month and year ("May 2027"). Listed when any of its questions is. Its Change link and problems are those of its
 * first question in error, else of its first (where the page's focus lands).
 */
export function ReadOnlyLine({ label, questions, text }: { label: string; questions: readonly Question[]; text: string }) {
  const { readOnlyExtra, listed } = useReadOnly();
  const first = questions[0];
  if (!first || (listed && !questions.some((q) => listed(q)))) return null;
  const extras = questions.map((q) => readOnlyExtra?.({ ...q, label, printLabel: label }) ?? null);
  const extra = extras.find((e) => e?.invalid) ?? extras[0] ?? null;
  return (
    <div
      className={extra?.invalid ? 'readonly-field readonly-field--invalid' : 'readonly-field'}
      data-key={first.key}
      data-keys={questions.map((q) => q.key).join(' ')}
    >
      <span className="readonly-field__label">{label}</span>
      <span className="readonly-field__value">{text === '' ? '—' : text}</span>
      {extra?.after}
    </div>
  );
}

/** Questions one after another, each as its label and answer. */
export function ReadOnlyQuestions({ questions }: { questions: readonly Question[] }) {
  return (
    <>
      {questions.map((q) => (
        <ReadOnlyField key={q.key} q={q} />
      ))}
    </>
  );
}
