import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import type { Answers, PageId } from '../../form/types.js';
import { formDefinition, PAGE_IDS } from '../../form/definition.js';
import { fieldsOf } from '../../form/fields.js';
import { resolveOptions } from '../../form/options.js';
import { Form } from '../../islands/Form.island.js';
import { ServerOptionsContext } from '../../islands/form/fields/server-options.js';
import { serverOptionsHtml } from '../../pages/form-components/server-options.js';

const definition = formDefinition();

/** What the browser renders (and hydrates against): every option a React element. */
const fresh = (page: PageId, answers: Answers) => renderToString(<Form page={page} answers={answers} isLoggedIn={false} />);

/** What the server sends: each select's options from the per-list cache, the chosen one marked. */
const cached = (page: PageId, answers: Answers) =>
  renderToString(
    <ServerOptionsContext.Provider value={serverOptionsHtml}>
      <Form page={page} answers={answers} isLoggedIn={false} />
    </ServerOptionsContext.Provider>,
  );

/** Every select question of a page with, for each, its first, last and a middle option (controllers first). */
function selectAnswers(page: PageId, pick: 'first' | 'middle' | 'last'): Answers {
  const answers: Answers = {};
  for (const { question } of fieldsOf(page, definition)) {
    if (question.kind !== 'select') continue;
    const options = resolveOptions(question.options);
    const option = pick === 'first' ? options[0] : pick === 'last' ? options.at(-1) : options[Math.floor(options.length / 2)];
    if (option) answers[question.key] = option.value;
  }
  return answers;
}

describe('select options rendered once per list on the server (pages/form-components/server-options.tsx)', () => {
  const answerSets: Record<string, Answers> = {
    'no answers': {},
    'a US address in Utah': { country: 'US', country_desc: 'United States', state: 'UT', state_desc: 'Utah' },
    'a Canadian province': { country: 'CA', state: 'ON' },
    'a value that is no option': { state: 'ZZ', country: '<script>' },
  };
  for (const page of PAGE_IDS) {
    for (const [name, answers] of Object.entries(answerSets)) {
      it(`${page}, ${name}: the same HTML as React rendering every option`, () => {
        const html = cached(page, answers);
        expect(html).toBe(fresh(page, answers));
        // A second render takes every list from the cache.
        expect(cached(page, answers)).toBe(html);
      });
    }
    for (const pick of ['first', 'middle', 'last'] as const) {
      it(`${page}: every select answered with its ${pick} option (dates' months and years included)`, () => {
        const answers = selectAnswers(page, pick);
        expect(cached(page, answers)).toBe(fresh(page, answers));
      });
    }
  }

  it('marks the chosen option, or the placeholder when nothing is chosen, as React does', () => {
    const html = cached('about', { country: 'US', state: 'UT' });
    expect(html).toContain('<option value="UT" selected="">Utah</option>');
    expect(html.match(/selected=""/g)?.length).toBeGreaterThan(1);
    expect(cached('about', {})).toMatch(/<select id="state"[^>]*><option value="" selected="">Select an option<\/option>/);
  });

  it('escapes labels and values as React does', () => {
    const options = [
      { value: 'a"&<', label: 'A & "quoted" <b>' },
      { value: "it's", label: 'It’s' },
    ];
    for (const value of ['', 'a"&<', "it's", 'none']) {
      const react = renderToString(
        <select value={value} onChange={() => {}}>
          <option value="">Select an option</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>,
      );
      expect(`<select>${serverOptionsHtml(options, value)}</select>`).toBe(react);
    }
  });

  it('resolves a year list to the same array each time, so it is rendered once per year', () => {
    const years = { years: { count: 5, direction: 'past' as const } };
    expect(resolveOptions(years)).toBe(resolveOptions(years));
    expect(resolveOptions(years, new Date(2030, 1, 1))).not.toBe(resolveOptions(years, new Date(2031, 1, 1)));
    expect(resolveOptions(years, new Date(2030, 1, 1)).map((o) => o.value)).toEqual(['2030', '2029', '2028', '2027', '2026']);
  });
});
