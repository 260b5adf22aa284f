import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formDefinition } from '../../form/definition.js';
import { walkNodes } from '../../form/walk-nodes.js';
import { expandBlock, localKeys } from '../../form/blocks.js';
import type { Question } from '../../form/types.js';
import { EMPTY_FORM_PAGE_DATA } from '../../contracts/page-data.js';
import { StaffApplication } from '../../views/print/StaffApplication.js';
import { cssString, printHeaderText, printPageName, printPageRules } from '../../views/print/print-rules.js';
import { COMPLETE_ANSWERS } from '../fixtures/complete-answers.js';

/** The print document's page rules (docs/decisions/0194-one-print-document-and-warm-merge.md). */
describe("the print document's running header", () => {
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

/**
 * What the form says to the applicant rather than what they answered, read off the definition's node types:
 * content, section descriptions, hints, the wording of a question whose record has a print label of its own
 * (a search prompt, a certification sentence), trigger and add-another buttons, and tabs that hold no question.
 */
function interfaceTexts(): string[] {
  const texts = new Set<string>();
  const question = (q: Question) => {
    if (q.hint) texts.add(q.hint);
    if (q.printLabel && !q.printLabel.toLowerCase().includes(q.label.toLowerCase())) texts.add(q.label);
  };
  for (const page of formDefinition().pages) {
    for (const node of walkNodes(page.children)) {
      if ('content' in node) texts.add(node.content);
      else if ('section' in node && node.description) texts.add(node.description);
      else if ('kind' in node) question(node);
      else if ('block' in node) expandBlock(node).forEach(question);
      else if ('trigger' in node) {
        texts.add(node.triggerLabel);
        if (node.checkbox) question(node.checkbox);
      } else if ('repeater' in node) texts.add(node.addLabel);
      else if ('tabs' in node && localKeys(node.items.flatMap((item) => item.children)).size === 0) {
        texts.add(node.label);
        for (const item of node.items) texts.add(item.label);
      }
    }
  }
  return [...texts];
}

describe('the print document (the application PDF) and the staff view (issue 26)', () => {
  const html = renderToStaticMarkup(
    createElement(StaffApplication, {
      data: {
        ...EMPTY_FORM_PAGE_DATA,
        is_service_user: true,
        applicant: 'maria@example.org',
        answers: COMPLETE_ANSWERS,
        tabs: { 'transcript-source': 'upload' },
        reference: 'FA-7K3M9Q',
      },
      pages: formDefinition().pages.map((page) => page.id),
    }),
  );
  const text = html
    .replace(/<[^>]+>/g, '\n')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  /** Printed as a line of its own, as the start of one ("label: choice"), or (a sentence) anywhere. */
  const printed = (t: string) => lines.some((line) => line === t || line.startsWith(`${t}:`) || (t.length >= 30 && line.includes(t)));

  it("is headed by the applicant's name, with the account's e-mail on a line of its own", () => {
    expect(html).toContain('<h1 class="readonly-title">Maria Lopez</h1>');
    expect(html).toContain('E-mail: maria@example.org');
    expect(html).not.toContain('Application of');
  });

  it('prints no interface text, only the questions and answers', () => {
    const texts = interfaceTexts();
    // The definition has such text to leave out: the ones the issue names among them.
    expect(texts).toEqual(expect.arrayContaining(['Search for Your School', 'Thank you. You can now submit your application.']));
    expect(texts.filter(printed)).toEqual([]);
    // The answers stay, under the record's names for them.
    for (const shown of ['School Name', 'Alta High School', 'Certification', 'First Name', 'Maria']) expect(text).toContain(shown);
  });
});
