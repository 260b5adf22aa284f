import { describe, expect, it } from '@jest/globals';
import { render, renderReadOnly } from './form-ui-sample.js';

describe('building blocks rendered on the server (§2, DESIGN §6)', () => {
  it('wires every input: id = key, error id = key-error, aria-describedby with hint and error, labels above', () => {
    const html = render({});
    expect(html).toContain('<label for="nickname" class="field__label">Nickname');
    expect(html).toMatch(/<input id="nickname"[^>]*aria-describedby="nickname-hint nickname-error"[^>]*aria-required="true"/);
    expect(html).toContain('<div id="nickname-error" class="field__error"></div>');
    expect(html.indexOf('for="nickname"')).toBeLessThan(html.indexOf('id="nickname"'));
    for (const key of [
      'cell',
      'tax_id',
      'essay',
      'born',
      'colour',
      'newsletter',
      'transcript',
      'college',
      'home_address_line_1',
      'home_zip',
      'home_country',
      'start_month',
      'start_year',
      'lang_en',
      'lang_es',
    ]) {
      expect(html).toContain(`id="${key}"`);
      expect(html).toContain(`id="${key}-error"`);
    }
  });

  it('shows messages in the error element and flags the input invalid', () => {
    const html = render({}, { messages: (key) => (key === 'nickname' ? ['"Nickname" is required.'] : []) });
    expect(html).toMatch(/<input id="nickname"[^>]*aria-invalid="true"/);
    expect(html).toMatch(
      /<div id="nickname-error" class="field__error"><p class="field__error-message"><span class="visually-hidden">Error: <\/span>&quot;Nickname&quot; is required.<\/p><\/div>/,
    );
  });

  it('renders masks, the textarea counter with its configured limit, and a native date input', () => {
    const html = render({ cell: '(801) 555-1234', tax_id: '123-45-6789', essay: 'Hello' });
    expect(html).toMatch(/<input id="cell"[^>]*type="tel"[^>]*maxLength="14"[^>]*value="\(801\) 555-1234"/);
    expect(html).toMatch(/<input id="tax_id"[^>]*maxLength="11"[^>]*value="123-45-6789"/);
    expect(html).toContain('<p id="essay-count" class="field__counter">Character count: 5 / 7000</p>');
    expect(html).toMatch(/<textarea id="essay"[^>]*maxLength="7000"[^>]*aria-describedby="essay-count essay-error"/);
    expect(html).toMatch(/<input id="born"[^>]*type="date"/);
    expect(html).toMatch(/<input id="nickname"[^>]*maxLength="45"/);
  });

  it('groups radios, month-year pairs, check groups and address blocks in fieldsets with legends', () => {
    const html = render({});
    expect(html).toMatch(/<fieldset role="radiogroup" class="field fieldset" aria-required="true"><legend class="field__label">Pet/);
    expect(html).toContain('<input type="radio" id="pet" ');
    expect(html).toContain('id="pet--D"');
    expect(html).toContain('<legend class="block__legend">Home Address</legend>');
    expect(html).toContain('<legend class="block__legend">Started</legend>');
    expect(html).toContain('<legend class="block__legend">Languages</legend>');
    expect(html).toContain('<option value="2023">2023</option>');
  });

  it('shows a dependent select only while its controller has options, with the options for that value', () => {
    expect(render({})).not.toContain('id="shade"');
    const red = render({ colour: 'R' });
    expect(red).toContain('<option value="crimson">Crimson</option>');
    expect(red).not.toContain('Navy');
  });

  it('evaluates conditions and group branches: only the first true branch shows', () => {
    expect(render({ pet: 'C' })).toContain('id="cat_name"');
    expect(render({ pet: 'C' })).not.toContain('id="other_name"');
    expect(render({ pet: 'D' })).toContain('id="other_name"');
    expect(render({ pet: 'D' })).toContain('id="secret"');
    expect(render({ pet: 'C' })).not.toContain('id="secret"');
  });

  it('renders add-another instances by count, never beyond the maximum, and at least the last answered one', () => {
    expect(render({})).toContain('Add another job');
    expect(render({})).not.toContain('id="job_2_employer"');
    expect(render({}, { counts: { jobs: 2 } })).toContain('id="job_2_employer"');
    const full = render({}, { counts: { jobs: 3 } });
    expect(full).toContain('id="job_3_employer"');
    expect(full).not.toContain('Add another job');
    expect(full).toContain('You have added the maximum of 3.');
    expect(render({ job_3_employer: 'Acme' })).toContain('id="job_3_employer"');
  });

  it('renders tabs as an ARIA tab list with the chosen panel', () => {
    const html = render({});
    expect(html).toMatch(/<div role="tablist" class="tabs__list" aria-labelledby="pick-label">/);
    // Submit buttons naming the tab (DESIGN §6: without scripts the server switches tabs); the island handles the click itself.
    expect(html).toMatch(
      /<button type="submit" value="tab:pick:a" role="tab" id="pick-tab-a"[^>]*aria-selected="true"[^>]*aria-controls="pick-panel-a"[^>]*tabindex="0"[^>]*name="@action"/,
    );
    expect(html).toContain('First panel.');
    expect(html).not.toContain('Second panel.');
    const second = render({}, { tabs: { pick: 'b' } });
    expect(second).toContain('Second panel.');
    expect(second).not.toContain('First panel.');
  });

  it('switches the confirmation trigger between before, optional and after content', () => {
    const before = render({});
    expect(before).toContain('Before text.');
    expect(before).toMatch(/<button type="button" id="confirm"[^>]*aria-pressed="false">I am sure<\/button>/);
    expect(render({}, { triggers: { confirm: 'optional' } })).toContain('Optional text.');
    const after = render({}, { triggers: { confirm: 'after' } });
    expect(after).toContain('After text.');
    expect(after).not.toContain('Before text.');
    expect(after).toContain('aria-pressed="true"');
  });

  it('renders a file input that explains it needs an account while logged out', () => {
    const html = render({});
    expect(html).toMatch(/<input id="transcript" type="file"[^>]*aria-disabled="true"/);
    expect(html).toContain('This question can be finished once you have created an account.');
    expect(render({}, { isLoggedIn: true })).not.toContain('aria-disabled="true"');
  });

  it('renders read-only text instead of inputs (staff view, PDF)', () => {
    const html = renderReadOnly(
      {
        nickname: 'Ada',
        colour: 'R',
        colour_desc: 'Red',
        pet: 'D',
        pet_desc: 'Dog',
        newsletter: true,
        born: '2008-03-04',
        transcript: 'ANSWERED',
      },
      { triggers: { confirm: 'after' } },
    );
    expect(html).not.toMatch(/<input|<select|<textarea|<button/);
    expect(html).toContain('<span class="readonly-field__label">Nickname</span><span class="readonly-field__value">Ada</span>');
    expect(html).toContain('<span class="readonly-field__value">Red</span>');
    expect(html).toContain('<span class="readonly-field__value">Yes</span>');
    expect(html).toContain('March 4, 2008');
    expect(html).toContain('Document attached for transcript');
    // What the form says to the applicant (content, section descriptions) is no answer: not in the record (issue 26).
    expect(html).not.toContain('After text.');
    expect(html).not.toContain('Some questions.');
  });
});
