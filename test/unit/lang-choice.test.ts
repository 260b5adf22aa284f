import { describe, expect, test } from '@jest/globals';
import { chooseLang, langFromAcceptLanguage } from '../../contracts/i18n/lang-choice.js';

describe("the applicant's language (docs/i18n.md)", () => {
  test("Accept-Language: the first of ours by weight, then by order; a region doesn't matter", () => {
    expect(langFromAcceptLanguage('es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(langFromAcceptLanguage('en-US,en;q=0.9,es;q=0.8')).toBe('en');
    expect(langFromAcceptLanguage('fr-FR,es;q=0.5,en;q=0.7')).toBe('en');
    expect(langFromAcceptLanguage('fr-FR, es;q=0.5')).toBe('es');
    expect(langFromAcceptLanguage('es;q=0, en;q=0.1')).toBe('en');
    expect(langFromAcceptLanguage('de, fr')).toBeNull();
    expect(langFromAcceptLanguage(undefined)).toBeNull();
    expect(langFromAcceptLanguage('*')).toBeNull();
  });

  test('the switch beats the cookie, the cookie the account, the account the browser; English when nothing says', () => {
    expect(chooseLang({ query: 'es', cookie: 'en', account: 'en', acceptLanguage: 'en' })).toBe('es');
    expect(chooseLang({ cookie: 'es', account: 'en', acceptLanguage: 'en' })).toBe('es');
    expect(chooseLang({ account: 'es', acceptLanguage: 'en' })).toBe('es');
    expect(chooseLang({ acceptLanguage: 'es-419' })).toBe('es');
    expect(chooseLang({ cookie: 'xx', account: null, acceptLanguage: 'de' })).toBe('en');
  });
});
