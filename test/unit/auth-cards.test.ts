import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { AUTH_CARDS, keptValues } from '../../contracts/auth-cards.js';
import { authFields } from '../../contracts/auth-check.js';
import { isPageRoute } from '../../contracts/routes.js';
import { AuthCard } from '../../islands/auth/AuthCard.js';

describe('the auth card definitions (contracts/auth-cards.ts)', () => {
  it.each(Object.values(AUTH_CARDS))('$name: fields are keys of its rules, it posts to its own page and succeeds to a page', (card) => {
    const ruleKeys = authFields(card.form);
    for (const field of card.fields) expect(ruleKeys).toContain(field.key);
    for (const key of card.submitFields) expect(card.fields.map((f) => f.key)).toContain(key);
    expect(isPageRoute(card.path)).toBe(true);
    expect(isPageRoute(card.success.to)).toBe(true);
    if (card.resend) expect(isPageRoute(card.resend.success.to)).toBe(true);
  });

  it('keeps what was typed except passwords', () => {
    expect(
      keptValues(AUTH_CARDS.reset, { username: 'a@example.org', id: 'abc', password: 'secret', confirm_password: 'secret', other: 'x' }),
    ).toEqual({
      username: 'a@example.org',
      id: 'abc',
    });
  });

  it('renders the server answer of a plain post: a summary linking to each field, the call message first', () => {
    const html = renderToString(
      createElement(AuthCard, {
        card: AUTH_CARDS.reset,
        values: { username: 'a@example.org', id: 'abc' },
        errors: { confirm_password: ['passwords must match'], id: ['This link is invalid.'] },
        problem: 'Something the call said.',
      }),
    );
    const summary = /<div class="error-summary"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(summary).toContain('<h2 id="error-summary-title" class="error-summary__title">We could not change your password</h2>');
    expect([...summary.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1])).toEqual([
      'Something the call said.',
      '<a href="#confirm_password">passwords must match</a>',
      // The link's id has no field to go to.
      'This link is invalid.',
    ]);
    expect(html).toMatch(/<input[^>]*id="confirm_password"[^>]*aria-invalid="true"/);
    expect(html).toContain('<input type="hidden" name="id" value="abc"/>');
  });

  it('shows no summary when nothing is wrong', () => {
    expect(renderToString(createElement(AuthCard, { card: AUTH_CARDS.login }))).not.toContain('error-summary');
  });
});
