import { renderToString } from 'react-dom/server';
import type { Option } from '../../form/types.js';
import { OptionList } from '../../islands/form/fields/Choices.js';

interface RenderedList {
  html: string;
  /** For each option value, where its opening tag's `>` is, so the chosen one can be marked. */
  tagEnds: Map<string, number[]>;
}

// Keyed by the list itself: named lists are constants and year lists are resolved once per year
// (form/options.ts), so this holds a handful of entries.
const rendered = new WeakMap<readonly Option[], RenderedList>();

function render(options: readonly Option[]): RenderedList {
  const tagEnds = new Map<string, number[]>();
  let html = '';
  // React's own rendering, one option at a time: the markup is React's, and each tag's end is known.
  const each = [{ value: '', label: 'Select an option' }, ...options];
  const parts = renderToString(<OptionList options={options} />);
  for (const o of each) {
    const part = renderToString(<option value={o.value}>{o.label}</option>);
    // Attribute values and text are escaped, so the first `>` closes the opening tag.
    const end = html.length + part.indexOf('>');
    tagEnds.set(o.value, [...(tagEnds.get(o.value) ?? []), end]);
    html += part;
  }
  if (html !== parts) throw new Error('server-options: option markup differs from OptionList');
  return { html, tagEnds };
}

/**
 * The `<option>`s of a select as React renders them inside `<select value={value}>`: the placeholder, then
 * the list, with ` selected=""` on every option whose value equals the select's (as React marks them).
 */
export function serverOptionsHtml(options: readonly Option[], value: string): string {
  let list = rendered.get(options);
  if (!list) {
    list = render(options);
    rendered.set(options, list);
  }
  const ends = list.tagEnds.get(value);
  if (!ends) return list.html;
  let html = list.html;
  for (let i = ends.length - 1; i >= 0; i -= 1) html = `${html.slice(0, ends[i])} selected=""${html.slice(ends[i])}`;
  return html;
}
