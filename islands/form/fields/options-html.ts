import type { Option } from '../../../form/types.js';
import { escapeHtml } from '../../../contracts/escape-html.js';

/** The first option of every select: chosen while the question has no answer. */
export const PLACEHOLDER_OPTION: Option = { value: '', label: 'Select an option' };

interface ListHtml {
  html: string;
  /** For each option value, where its opening tag's `>` is, so the chosen one can be marked. */
  tagEnds: Map<string, number[]>;
}

// Keyed by the list itself: named lists are constants and year lists are resolved once per year (form/options.ts),
// so this holds a handful of entries.
const lists = new WeakMap<readonly Option[], ListHtml>();

function build(options: readonly Option[]): ListHtml {
  const tagEnds = new Map<string, number[]>();
  let html = '';
  for (const o of [PLACEHOLDER_OPTION, ...options]) {
    const value = escapeHtml(o.value);
    tagEnds.set(o.value, [...(tagEnds.get(o.value) ?? []), html.length + '<option value="'.length + value.length + 1]);
    html += `<option value="${value}">${escapeHtml(o.label)}</option>`;
  }
  return { html, tagEnds };
}

/**
 * A select's `<option>`s as one string, as React renders `<option>` children inside `<select value={value}>`: the
 * placeholder, then the list, with ` selected=""` on every option whose value is `value`. The lists are long
 * (countries, states, years: ~580 options on /about) and never change per applicant: as one string, each list is
 * built once per process, and the browser's island hydrates and re-renders one element per select instead of one
 * per option (test/unit/form-select-options.test.tsx holds it to React's own markup).
 */
export function optionsHtml(options: readonly Option[], value: string): string {
  let list = lists.get(options);
  if (!list) {
    list = build(options);
    lists.set(options, list);
  }
  const ends = list.tagEnds.get(value);
  if (!ends) return list.html;
  let html = list.html;
  for (let i = ends.length - 1; i >= 0; i -= 1) html = `${html.slice(0, ends[i])} selected=""${html.slice(ends[i])}`;
  return html;
}
