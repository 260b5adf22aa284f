import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import { allFields } from '../../form/fields.js';
import { Form } from '../../islands/Form.island.js';

/**
 * WCAG 2.1 1.3.5 Identify Input Purpose (docs/accessibility.md): the questions about the applicant themself carry
 * the HTML autofill token of their purpose, so a browser can fill them and assistive technology can show icons;
 * a parent's or the counselor's questions carry none (filling them with the applicant's own data would be wrong).
 */
const questions = allFields().map((f) => f.question);
const tokenOf = (key: string) => (questions.find((q) => q.key === key) as { autoComplete?: string } | undefined)?.autoComplete;

describe('1.3.5 Identify Input Purpose', () => {
  it('the applicant’s names, birth date, phones and permanent address carry their autofill tokens', () => {
    const tokens = new Set(questions.map((q) => (q as { autoComplete?: string }).autoComplete).filter(Boolean));
    for (const token of [
      'given-name',
      'family-name',
      'additional-name',
      'nickname',
      'bday',
      'tel',
      'address-line1',
      'address-line2',
      'address-level2',
      'address-level1',
      'postal-code',
    ])
      expect([token, tokens.has(token)]).toEqual([token, true]);
  });

  it('no parent’s or counselor’s question is marked as the applicant’s own', () => {
    const others = questions.filter((q) => /^(parent|counselor|hs_)/.test(q.key) && (q as { autoComplete?: string }).autoComplete);
    expect(others.map((q) => q.key)).toEqual([]);
  });

  it('the rendered inputs carry the tokens (the island puts the definition’s token on the element)', () => {
    const html = renderToString(<Form page="about" answers={{}} isLoggedIn={false} />);
    const given = questions.find((q) => (q as { autoComplete?: string }).autoComplete === 'given-name')!;
    expect(html).toMatch(
      new RegExp(`id="${given.key}"[^>]*autoComplete="given-name"|autoComplete="given-name"[^>]*id="${given.key}"`, 'i'),
    );
    expect(tokenOf(given.key)).toBe('given-name');
  });
});
