import { isAnswered } from './conditions.js';
import { formatLongDate } from './dates.js';
import { documentAttachedText } from './documents.js';
import { descKey, hasDescription, optionsFor } from './fields.js';
import type { Answers, Question } from './types.js';
import type { Lang } from './lang.js';

/**
 * The read-only text of one answer for the staff view and the PDF (§2 service-user view). An empty answer is
 * '' — the layout decides how to show "nothing" — so the text never invents content.
 * Choices show their label (the stored `_desc`, else the option's label); a ticked box 'Yes', an unticked one
 * 'No'; dates 'March 4, 2008'; documents 'Document attached for {key}'; a school its name and, when a code is
 * present, ' (Ceeb: <code>)'. `lang` is the reader's (the applicant's review); the office's is English.
 */
export function displayValue(question: Question, answers: Readonly<Answers>, lang: Lang = 'en'): string {
  const value = answers[question.key];
  if (question.kind === 'checkbox') {
    if (value === true) return lang === 'es' ? 'Sí' : 'Yes';
    return value === false ? 'No' : '';
  }
  if (!isAnswered(value)) return '';
  const textValue = String(value);
  switch (question.kind) {
    case 'file':
      return documentAttachedText(question.key);
    case 'date':
      return formatLongDate(textValue, lang);
    case 'autocomplete': {
      const ceebKey = question.category === 'address' ? undefined : question.fills.ceeb;
      const code = ceebKey ? answers[ceebKey] : undefined;
      return isAnswered(code) ? `${textValue} (Ceeb: ${String(code)})` : textValue;
    }
    case 'select':
    case 'radio':
    case 'dependentSelect': {
      // The stored `_desc` is English (the office's record): another language shows the localized question's option.
      const desc = hasDescription(question) && lang === 'en' ? answers[descKey(question.key)] : undefined;
      if (typeof desc === 'string' && desc !== '') return desc;
      return optionsFor(question, answers).find((option) => option.value === textValue)?.label ?? textValue;
    }
    default:
      return textValue;
  }
}
