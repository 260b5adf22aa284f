import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import type { Answers, Option, PageId } from '../../form/types.js';
import { formDefinition, PAGE_IDS } from '../../form/definition.js';
import { fieldsOf } from '../../form/fields.js';
import { resolveOptions } from '../../form/options.js';
import { Form } from '../../islands/Form.island.js';
import { optionsHtml, PLACEHOLDER_OPTION } from '../../islands/form/fields/options-html.js';
import { dependentOptions } from '../../islands/form/fields/Choices.js';

const definition = formDefinition();

const render = (page: PageId, answers: Answers) => renderToString(<Form page={page} answers={answers} isLoggedIn={false} />);

/** React's own rendering of a select with one `<option>` element per option (what the island rendered before). */
function reactSelect(options: readonly Option[], value: string): string {
  return renderToString(
    <select value={value} onChange={() => {}}>
      {[PLACEHOLDER_OPTION, ...options].map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>,
  );
}

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

/** Each rendered select of the page's HTML: its id and its options' markup. */
function selectsOf(html: string): Map<string, string> {
  return new Map([...html.matchAll(/<select id="([^"]+)"[^>]*>(.*?)<\/select>/g)].map((m) => [m[1]!, m[2]!]));
}

describe("a select's options as one string (islands/form/fields/options-html.ts)", () => {
  const answerSets: Record<string, Answers> = {
    'no answers': {},
    'a US address in Utah': { country: 'US', country_desc: 'United States', state: 'UT', state_desc: 'Utah' },
    'a Canadian province': { country: 'CA', state: 'ON' },
    'a value that is no option': { state: 'ZZ', country: '<script>' },
  };
  for (const page of PAGE_IDS) {
    const sets: Array<[string, Answers]> = [
      ...Object.entries(answerSets),
      ...(['first', 'middle', 'last'] as const).map((pick): [string, Answers] => [
        `every select on its ${pick} option`,
        selectAnswers(page, pick),
      ]),
    ];
    for (const [name, answers] of sets) {
      it(`${page}, ${name}: each select holds what React renders for its list and answer`, () => {
        const selects = selectsOf(render(page, answers));
        let compared = 0;
        for (const { question } of fieldsOf(page, definition)) {
          if (question.kind !== 'select' && question.kind !== 'dependentSelect') continue;
          // A select in a hidden branch or section is not on the page; every one that is must match.
          const rendered = selects.get(question.key);
          if (rendered === undefined) continue;
          const options = question.kind === 'select' ? resolveOptions(question.options) : dependentOptions(question, answers);
          const value = typeof answers[question.key] === 'string' ? (answers[question.key] as string) : '';
          expect(rendered).toBe(reactSelect(options, value).replace(/^<select>|<\/select>$/g, ''));
          compared += 1;
        }
        expect(compared).toBe(selects.size);
        if (page === 'about') expect(compared).toBeGreaterThanOrEqual(4);
      });
    }
  }

  it('marks the chosen option, or the placeholder when nothing is chosen, as React does', () => {
    const html = render('about', { country: 'US', state: 'UT' });
    expect(html).toContain('<option value="UT" selected="">Utah</option>');
    expect(html.match(/selected=""/g)?.length).toBeGreaterThan(1);
    expect(render('about', {})).toMatch(/<select id="state"[^>]*><option value="" selected="">Select an option<\/option>/);
  });

  it('escapes labels and values as React does', () => {
    const options = [
      { value: 'a"&<', label: 'A & "quoted" <b>' },
      { value: "it's", label: 'It’s' },
      { value: 'twice', label: 'One' },
      { value: 'twice', label: 'Two' },
    ];
    for (const value of ['', 'a"&<', "it's", 'twice', 'none']) {
      expect(`<select>${optionsHtml(options, value)}</select>`).toBe(reactSelect(options, value));
    }
  });

  it('resolves a year list to the same array each time, so it is rendered once per year', () => {
    const years = { years: { count: 5, direction: 'past' as const } };
    expect(resolveOptions(years)).toBe(resolveOptions(years));
    expect(resolveOptions(years, new Date(2030, 1, 1))).not.toBe(resolveOptions(years, new Date(2031, 1, 1)));
    expect(resolveOptions(years, new Date(2030, 1, 1)).map((o) => o.value)).toEqual(['2030', '2029', '2028', '2027', '2026']);
  });
});
