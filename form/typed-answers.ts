import { fieldsOf } from './fields.js';
import { formatPhone, formatSsn } from './formats.js';
import type { Answers, FormDefinition, PageId, Question } from './types.js';
import { formDefinition } from './definition.js';
import { clearedByPost, otherFills, type LookupQuestion } from './lookup-clear.js';

/**
 * A form page posted without JavaScript (DESIGN §6): every control is named by its answer key, so the body
 * is the page's answers as a person typed them. This turns it into the answers the island would have sent:
 * only the page's own questions (documents excluded: they are uploads), masks applied, dates normalised,
 * check boxes that were left unticked set to false (a browser sends nothing for them).
 */
export function typedAnswers(
  page: PageId,
  body: Readonly<Record<string, unknown>>,
  stored: Readonly<Answers>,
  definition: FormDefinition = formDefinition(),
): Answers {
  return typedAndCleared(page, body, stored, definition).answers;
}

/** typedAnswers, and per school or address search whose text changed, the answered fields that change cleared. */
export function typedAndCleared(
  page: PageId,
  body: Readonly<Record<string, unknown>>,
  stored: Readonly<Answers>,
  definition: FormDefinition = formDefinition(),
): { answers: Answers; cleared: Record<string, string[]> } {
  const out: Answers = {};
  const fields = fieldsOf(page, definition);
  for (const { question } of fields) {
    if (question.kind === 'file') continue;
    const raw = body[question.key];
    if (question.kind === 'checkbox') {
      out[question.key] = raw !== undefined;
      continue;
    }
    // A repeated name (never rendered by the form) counts by its last value, as a browser's last control wins.
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (typeof value !== 'string') continue;
    out[question.key] = normaliseTyped(question, value);
  }
  // §4 autocomplete without scripts is a plain text input: a changed search text no longer names the picked
  // record, so the fields it filled are cleared, as typing over a pick does: those this post did not carry, and
  // (issue 38) those it carried unchanged, which a pick or an earlier post filled (form/lookup-clear.ts).
  const searches = fields.map((f) => f.question).filter((q): q is LookupQuestion => q.kind === 'autocomplete');
  const cleared = clearedByPost(searches, out, stored);
  for (const q of searches) {
    if (!(q.key in out) || out[q.key] === (stored[q.key] ?? '')) continue;
    for (const key of otherFills(q)) if (!(key in body)) out[key] = '';
  }
  for (const key of Object.values(cleared).flat()) out[key] = '';
  return { answers: out, cleared };
}

const MONTH_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const YEAR_FIRST = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/;

/** A date as a person types it where no date picker exists: 2008-03-04, 2008/3/4 or (US order) 3/4/2008. */
export function normaliseDate(typed: string): string {
  const text = typed.trim();
  const pad = (n: string) => n.padStart(2, '0');
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return `${yearFirst[1]}-${pad(yearFirst[2]!)}-${pad(yearFirst[3]!)}`;
  const monthFirst = MONTH_FIRST.exec(text);
  if (monthFirst) return `${monthFirst[3]}-${pad(monthFirst[1]!)}-${pad(monthFirst[2]!)}`;
  return text;
}

/** What the island's masks would have made of the same keystrokes (§3 phone and SSN formats, ISO dates). */
export function normaliseTyped(question: Question, typed: string): string {
  switch (question.kind) {
    case 'phone':
      return formatPhone(typed);
    case 'ssn':
      return formatSsn(typed);
    case 'date':
      return normaliseDate(typed);
    default:
      return typed;
  }
}
