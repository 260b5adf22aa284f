import { describe, expect, it } from '@jest/globals';
import {
  clearedAfterPostMessage,
  clearedByPost,
  clearedMessage,
  lookupQuestion,
  restoredMessage,
  type LookupQuestion,
} from '../../form/lookup-clear.js';
import { english, translator } from '../../contracts/i18n/translate.js';
import { ES_ISLANDS } from '../../contracts/i18n/es-catalogue.js';
import { fieldByKey } from '../../form/fields.js';
import { typedAnswers } from '../../form/typed-answers.js';
import { clearedQueryValue, parseClearedQuery } from '../../contracts/form-post.js';
import { clearedLocation, lookupNotices } from '../../server/form-post/lookup-cleared.server.js';
import { formDefinition, pageById } from '../../form/definition.js';

/** Issue 38: §4's "free text clears the looked-up fields" applied to a post without scripts, and said at the field. */
const school = lookupQuestion('hs_name') as LookupQuestion;
const PALMER = {
  hs_name: 'William J Palmer High School',
  hs_ceeb: '060288',
  hs_address_line_1: '',
  hs_city: 'Colorado Springs',
  hs_state: 'CO',
  hs_zip: '80903',
  hs_country: 'US',
};

describe('a changed school name in a post without scripts (issue 38)', () => {
  it('clears the fields the pick filled that the post carried unchanged, the CEEB code included', () => {
    const posted = { ...PALMER, hs_name: 'William J Palmer High School IB' };
    expect(clearedByPost([school], posted, PALMER)).toEqual({ hs_name: ['hs_ceeb', 'hs_city', 'hs_state', 'hs_zip', 'hs_country'] });
    expect(typedAnswers('education', posted, PALMER)).toMatchObject({
      hs_name: 'William J Palmer High School IB',
      hs_ceeb: '',
      hs_city: '',
      hs_state: '',
      hs_zip: '',
      hs_country: '',
    });
  });

  it('keeps a field typed in the same post: it is the answer for the new name', () => {
    const posted = { ...PALMER, hs_name: 'Palmer IB Campus', hs_address_line_1: '301 N Nevada Ave', hs_city: 'Manitou Springs' };
    expect(typedAnswers('education', posted, PALMER)).toMatchObject({
      hs_address_line_1: '301 N Nevada Ave',
      hs_city: 'Manitou Springs',
      hs_ceeb: '',
    });
  });

  it('clears nothing when the name is unchanged, or when nothing was answered before (a first hand entry)', () => {
    expect(clearedByPost([school], { ...PALMER }, PALMER)).toEqual({});
    const first = { hs_name: 'Zyx Home Co-op', hs_city: 'Lyons', hs_state: 'CO' };
    expect(clearedByPost([school], first, {})).toEqual({});
    expect(typedAnswers('education', first, {})).toMatchObject(first);
  });

  it('names the cleared fields by their labels on the page', () => {
    expect(clearedMessage(['hs_ceeb', 'hs_city', 'hs_state'], english)).toBe('Cleared CEEB Code, City and State/Province.');
    expect(clearedMessage(['address_line_2'], english)).toBe('Cleared Apt. #.');
  });

  it('names them in Spanish on a Spanish page, by the Spanish definition', () => {
    const say = translator('es', ES_ISLANDS);
    const es = formDefinition('es');
    const labels = ['hs_ceeb', 'hs_city', 'hs_state'].map((key) => fieldByKey(key, es)!.question.label);
    expect(labels).not.toContain('City');
    expect(clearedMessage(['hs_ceeb', 'hs_city', 'hs_state'], say, es)).toBe(`Se borró: ${labels[0]}, ${labels[1]} y ${labels[2]}.`);
    expect(restoredMessage(['hs_city'], say, es)).toBe(`Se restableció: ${labels[1]}.`);
    expect(clearedAfterPostMessage(school, ['hs_city', 'hs_state'], say, es)).toBe(
      `Cambiaste «nombre de la escuela», así que se borraron ${labels[1]} y ${labels[2]}.`,
    );
    expect(clearedAfterPostMessage(school, ['hs_city'], english)).toBe('The school name changed, so City was cleared.');
  });
});

describe('the page after such a post', () => {
  const education = pageById('education');

  it('goes back to the search saying what was cleared, and reads back only the fields of that search', () => {
    const location = clearedLocation(education, { hs_name: ['hs_ceeb', 'hs_city'] }, null)!;
    expect(location).toMatch(/^\/education\?cleared=.*#hs_name-label$/);
    const search = Object.fromEntries(new URL(location, 'http://x').searchParams);
    expect(lookupNotices('education', search)).toEqual([
      { key: 'hs_name', message: 'The school name changed, so CEEB Code and City were cleared.', manual: false },
    ]);
    // Keys of another block, another page or none at all say nothing.
    expect(lookupNotices('education', { cleared: 'hs_name:city,first_name;address_line_1:city' })).toEqual([
      { key: 'hs_name', message: '', manual: false },
    ]);
    expect(clearedLocation(education, {}, null)).toBeNull();
  });

  it('"not listed" says the chosen school\'s details were cleared', () => {
    const search = Object.fromEntries(new URL(clearedLocation(education, { hs_name: ['hs_ceeb'] }, 'hs_name')!, 'http://x').searchParams);
    expect(lookupNotices('education', search)).toEqual([
      { key: 'hs_name', message: 'Cleared CEEB Code of the school chosen before.', manual: true },
    ]);
    // On a Spanish page, in Spanish, with the Spanish field names.
    const ceeb = fieldByKey('hs_ceeb', formDefinition('es'))!.question.label;
    expect(lookupNotices('education', search, 'es')).toEqual([
      { key: 'hs_name', message: `Se borraron estos datos de la escuela elegida antes: ${ceeb}.`, manual: true },
    ]);
  });

  it('reads the query it writes, and nothing malformed', () => {
    const cleared = { hs_name: ['hs_ceeb', 'hs_city'], hs_2_name: ['hs_2_zip'] };
    expect(parseClearedQuery(clearedQueryValue(cleared))).toEqual(cleared);
    expect(parseClearedQuery('<script>:x')).toEqual({});
    expect(parseClearedQuery(['a'])).toEqual({});
  });
});
