import type { Page } from '../../form/types.js';

/**
 * A CSS string literal holding `text`: every character but letters, digits and spaces is written as a hex
 * escape, so an applicant's name can neither end the string nor the <style> element it sits in.
 */
export function cssString(text: string): string {
  let out = '"';
  for (const char of text) out += /[A-Za-z0-9 ]/.test(char) ? char : `\\${char.codePointAt(0)!.toString(16)} `;
  return `${out}"`;
}

/** A CSS page name for a form page (the definition's ids are already identifiers; this keeps them so). */
export function printPageName(page: Pick<Page, 'id'>): string {
  return `section-${page.id.replace(/[^a-z0-9-]/gi, '')}`;
}

export const HEADER_PREFIX = 'Freshman Application';

/** The running header's left part: the application, its reference once submitted, and the applicant's name. */
export function printHeaderText(applicantName: string, reference: string | null | undefined): string {
  return `${HEADER_PREFIX}${reference ? ` ${reference}` : ''}: ${applicantName}`;
}

/**
 * The print document's page rules (the PDF's running header): every printed page carries the applicant's
 * name and reference on the left and, on the right, the title of the form page it belongs to. Each form page
 * is a named CSS page (`page: section-…`), which also starts it on a new sheet; the header's words come from
 * the form definition, never retyped. The margins and paper size stay with the renderer (page.pdf options).
 */
export function printPageRules(pages: readonly Pick<Page, 'id' | 'title'>[], header: string): string {
  const box = 'font-family: system-ui, sans-serif; font-size: 9px; color: #333;';
  const rules = [`@page { @top-left { content: ${cssString(header)}; ${box} } }`];
  for (const page of pages) {
    const name = printPageName(page);
    rules.push(`@page ${name} { @top-right { content: ${cssString(page.title)}; ${box} } }`);
    rules.push(`.print-document .readonly-page[data-page="${page.id.replace(/[^a-z0-9-]/gi, '')}"] { page: ${name}; }`);
  }
  // The application's title sits on the first form page's first sheet, not on a sheet of its own.
  if (pages[0]) rules.push(`.print-document .readonly-title, .print-document .readonly-reference { page: ${printPageName(pages[0])}; }`);
  return rules.join('\n');
}
