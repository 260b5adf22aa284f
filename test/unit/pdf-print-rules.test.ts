import { describe, expect, it } from '@jest/globals';
import { formDefinition } from '../../form/definition.js';
import { cssString, printHeaderText, printPageName, printPageRules } from '../../pages/print/print-rules.js';

/** The print document's page rules (docs/decisions/0194-one-print-document-and-warm-merge.md). */
describe('the print document\'s running header', () => {
  it('names every form page of the definition with its own title, on sheets of its own', () => {
    const pages = formDefinition().pages;
    const css = printPageRules(pages, printHeaderText('Maria Lopez', 'FA-7K3M9Q'));
    for (const page of pages) {
      expect(css).toContain(`@page ${printPageName(page)} { @top-right { content: ${cssString(page.title)};`);
      expect(css).toContain(`.readonly-page[data-page="${page.id}"] { page: ${printPageName(page)}; }`);
    }
    expect(css).toContain(`@page { @top-left { content: ${cssString('Freshman Application FA-7K3M9Q: Maria Lopez')};`);
    // The application's title shares the first form page's first sheet.
    expect(css).toContain(`.print-document .readonly-title, .print-document .readonly-reference { page: ${printPageName(pages[0]!)}; }`);
  });

  it('says the reference only once there is one', () => {
    expect(printHeaderText('Maria Lopez', null)).toBe('Freshman Application: Maria Lopez');
    expect(printHeaderText('Maria Lopez', 'FA-7K3M9Q')).toBe('Freshman Application FA-7K3M9Q: Maria Lopez');
  });

  it('escapes every character of a name that could end the string or the style element', () => {
    const hostile = 'Ma"ria</style><script>alert(1)</script>\\ \n} @import url(x); ’O’Brien 😀';
    const literal = cssString(hostile);
    const inside = literal.slice(1, -1);
    for (const forbidden of ['"', '<', '>', '\n', '}', ';', '(', "'"]) expect(inside).not.toContain(forbidden);
    // What is left is letters, digits, spaces and hex escapes, which CSS reads back as the same text.
    expect(inside).toMatch(/^(?:[A-Za-z0-9 ]|\\[0-9a-f]{1,6} )*$/);
    const decoded = inside.replace(/\\([0-9a-f]{1,6}) /g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
    expect(decoded).toBe(hostile);
  });
});
