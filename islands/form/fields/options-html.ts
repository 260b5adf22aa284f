import type { Option } from '../../../form/types.js';
import { escapeHtml } from '../../../contracts/escape-html.js';
import { t } from '../../../contracts/i18n/page-text.js';

/** The first option of every select: chosen while the question has no answer. */
export const PLACEHOLDER_OPTION: Option = { value: '', label: 'Select an option' };

// Keyed by the list itself: named lists are constants and year lists are resolved once per year (form/options.ts),
// so this holds a handful of entries.
const lists = new WeakMap<readonly Option[], string>();

/**
 * A select's `<option>`s as one string, as React renders `<option>` children inside `<select value={value}>`: the
 * placeholder, then the list, with ` selected=""` on every option whose value is `value`. The lists are long
 * (countries, states, years: ~580 options on /about) and never change per applicant: as one string, each list is
 * built once per process, and the browser's island hydrates and re-renders one element per select instead of one
 * per option (test/unit/form-select-options.test.tsx holds it to React's own markup).
 */
export function optionsHtml(options: readonly Option[], value: string): string {
  let list = lists.get(options);
  if (list === undefined) {
    list = options.map((o) => `<option value="${escapeHtml(o.value)}">${escapeHtml(o.label)}</option>`).join('');
    lists.set(options, list);
  }
  // The placeholder in the page's language; a list (years) may be shared by both languages.
  const html = `<option value="">${escapeHtml(t(PLACEHOLDER_OPTION.label))}</option>${list}`;
  // Labels are escaped, so this text is only ever an option's opening tag.
  const tag = `<option value="${escapeHtml(value)}"`;
  return html.replaceAll(`${tag}>`, `${tag} selected="">`);
}
