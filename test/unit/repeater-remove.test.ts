import { describe, expect, it } from '@jest/globals';
import { walkNodes } from '../../form/walk-nodes.js';
import { educationPage } from '../../form/pages/education.js';
import type { Repeater } from '../../form/types.js';
import { isRemovable, removalChanges } from '../../form/repeater-remove.js';
import { parsePostAction, parseRemoveQuery } from '../../contracts/form-post.js';

const highSchools = [...walkNodes(educationPage().children)].find((n): n is Repeater => 'repeater' in n && n.repeater === 'high-schools')!;

describe('removing an add-another entry (issue 38)', () => {
  it('keeps the first entry and removes only entries that are shown', () => {
    expect([0, 1, 2, 3].map((index) => isRemovable(index, 3))).toEqual([false, true, true, false]);
  });

  it('moves later entries up and clears the last, descriptions included', () => {
    const answers = { hs_city: 'Albany', hs_2_city: 'Boston', hs_3_city: 'Chicago', hs_3_state: 'IL', hs_3_state_desc: 'Illinois' };
    expect(removalChanges(highSchools, 1, 3, answers)).toEqual({
      hs_2_city: 'Chicago',
      hs_2_state: 'IL',
      hs_2_state_desc: 'Illinois',
      hs_3_city: '',
      hs_3_state: '',
      hs_3_state_desc: '',
    });
  });

  it('clears the last entry when it is the one removed', () => {
    expect(removalChanges(highSchools, 1, 2, { hs_city: 'Albany', hs_2_city: 'Boston' })).toEqual({ hs_2_city: '' });
    expect(removalChanges(highSchools, 0, 2, { hs_city: 'Albany' })).toEqual({});
  });

  it('reads the Remove buttons and the confirmation query of a page posted without scripts', () => {
    expect(parsePostAction('remove:high-schools:1')).toEqual({ kind: 'remove', repeater: 'high-schools', index: 1, confirmed: false });
    expect(parsePostAction('remove-yes:high-schools:2')).toEqual({ kind: 'remove', repeater: 'high-schools', index: 2, confirmed: true });
    expect(parsePostAction('remove:high-schools:x')).toBeNull();
    expect(parseRemoveQuery('high-schools:1')).toEqual({ repeater: 'high-schools', index: 1 });
    expect(parseRemoveQuery('high-schools:10')).toBeNull();
  });
});
