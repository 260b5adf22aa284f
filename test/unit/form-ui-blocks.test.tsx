import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import type { Answers, Page } from '../../form/types.js';
import { FormContext, staticFormContext, type FormContextValue } from '../../islands/form/context.js';
import { FormPage } from '../../islands/form/FormPage.js';
import { ReadOnlyContext, readOnlyContext, type ReadOnlyContextValue } from '../../views/form/read-only-context.js';
import { ReadOnlyPage } from '../../views/form/ReadOnlyNodes.js';
import { ErrorSummary, SUMMARY_HEADING } from '../../islands/form/ErrorSummary.js';
import { ServerSlot, ServerSlotContext } from '../../islands/form/ServerSlot.js';
import { caretAfterFormat } from '../../islands/form/format.js';
import { leaveDestination } from '../../islands/form/leave.js';

/** A tiny page with one of each building block (§2), independent of the real definition. */
const SAMPLE: Page = {
  id: 'about',
  path: '/about',
  title: 'Sample Page',
  navLabel: '1. Sample',
  shortNavLabel: 'Step 1',
  children: [
    {
      section: 'basics',
      title: 'Basics',
      description: 'Some questions.',
      children: [
        { kind: 'text', key: 'nickname', label: 'Nickname', hint: 'What friends call you.', required: true },
        { kind: 'phone', key: 'cell', label: 'Cell' },
        { kind: 'ssn', key: 'tax_id', label: 'Tax ID' },
        { kind: 'textarea', key: 'essay', label: 'Essay', maxLength: 7000 },
        { kind: 'date', key: 'born', label: 'Born' },
        {
          kind: 'select',
          key: 'colour',
          label: 'Colour',
          options: [
            { value: 'R', label: 'Red' },
            { value: 'B', label: 'Blue' },
          ],
        },
        {
          kind: 'dependentSelect',
          key: 'shade',
          label: 'Shade',
          controller: 'colour',
          optionsByValue: { R: [{ value: 'crimson', label: 'Crimson' }], B: [{ value: 'navy', label: 'Navy' }] },
        },
        {
          kind: 'radio',
          key: 'pet',
          label: 'Pet',
          options: [
            { value: 'C', label: 'Cat' },
            { value: 'D', label: 'Dog' },
            { value: 'N', label: 'None' },
          ],
          required: true,
        },
        { kind: 'checkbox', key: 'newsletter', label: 'Send news' },
        { kind: 'file', key: 'transcript', label: 'Transcript' },
        { kind: 'autocomplete', key: 'college', label: 'College', category: 'college_ceeb', fills: { name: 'college' } },
        { kind: 'text', key: 'secret', label: 'Secret', showWhen: { valueKey: 'pet', operator: 'equals', target: 'D' } },
      ],
    },
    { block: 'address', prefix: 'home', withCountry: true, legend: 'Home Address' },
    {
      block: 'monthYear',
      label: 'Started',
      monthKey: 'start_month',
      yearKey: 'start_year',
      years: { count: 3, direction: 'past', start: 2025 },
    },
    {
      block: 'checkGroup',
      legend: 'Languages',
      items: [
        { key: 'lang_en', label: 'English' },
        { key: 'lang_es', label: 'Spanish' },
      ],
    },
    {
      group: 'either',
      branches: [
        { when: { valueKey: 'pet', operator: 'equals', target: 'C' }, children: [{ kind: 'text', key: 'cat_name', label: 'Cat name' }] },
        {
          when: { valueKey: 'pet', operator: 'notEquals', target: 'C' },
          children: [{ kind: 'text', key: 'other_name', label: 'Other name' }],
        },
      ],
    },
    {
      repeater: 'jobs',
      addLabel: 'Add another job',
      max: 3,
      prefixes: ['job_1', 'job_2', 'job_3'],
      template: [{ kind: 'text', key: 'employer', label: 'Employer' }],
      instanceTitle: (i) => `Job ${i + 1}`,
    },
    {
      tabs: 'pick',
      label: 'Pick one',
      defaultTab: 'a',
      items: [
        { id: 'a', label: 'First', children: [{ content: 'First panel.', id: 'first-panel' }] },
        { id: 'b', label: 'Second', children: [{ content: 'Second panel.', id: 'second-panel' }] },
      ],
    },
    {
      trigger: 'confirm',
      mode: 'button',
      triggerLabel: 'I am sure',
      before: [{ content: 'Before text.', id: 'before-text' }],
      optional: [{ content: 'Optional text.', id: 'optional-text' }],
      after: [{ content: 'After text.', id: 'after-text' }],
    },
  ],
};

function render(answers: Answers, overrides: Partial<FormContextValue> = {}): string {
  return renderToString(
    <FormContext.Provider value={{ ...staticFormContext(answers), ...overrides }}>
      <FormPage page={SAMPLE} />
    </FormContext.Provider>,
  );
}

/** The same page through the read-only renderer of views/ (staff view, PDF, review). */
function renderReadOnly(answers: Answers, options: Partial<Omit<ReadOnlyContextValue, 'answers'>> = {}): string {
  return renderToString(
    <ReadOnlyContext.Provider value={readOnlyContext(answers, options)}>
      <ReadOnlyPage page={SAMPLE} />
    </ReadOnlyContext.Provider>,
  );
}

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

describe('error summary, slots and shells', () => {
  it('heads the summary with the §2 text and links each message to /{page}#{key}, grouped by page', () => {
    const html = renderToString(
      <ErrorSummary
        pages={[SAMPLE, { ...SAMPLE, id: 'education', path: '/education', title: 'Second Page' }]}
        entries={[
          { key: 'nickname', page: 'about', messages: ['"Nickname" is required.'] },
          { key: 'hs_name', page: 'education', messages: ['"Search for Your School" is required.'] },
        ]}
      />,
    );
    expect(SUMMARY_HEADING).toBe("We're missing some information!");
    expect(html).toContain('We&#x27;re missing some information!');
    expect(html).toContain('<a href="/about#nickname">&quot;Nickname&quot; is required.</a>');
    expect(html).toContain('<a href="/education#hs_name">');
    expect(html.indexOf('Sample Page')).toBeLessThan(html.indexOf('Second Page'));
    expect(renderToString(<ErrorSummary pages={[SAMPLE]} entries={[]} />)).toBe('');
  });

  it('renders server content into the slot on the server and keeps the server HTML on the client', () => {
    const server = renderToString(
      <ServerSlotContext.Provider value={<p>Banner</p>}>
        <ServerSlot className="banners" />
      </ServerSlotContext.Provider>,
    );
    expect(server).toBe('<div class="banners"><p>Banner</p></div>');
    expect(renderToString(<ServerSlot className="banners" />)).toBe('<div class="banners"></div>');
  });
});

describe('pure helpers of the island', () => {
  it('keeps the caret beside the digit just typed when a mask reformats', () => {
    expect(caretAfterFormat('(801) 5551', 10, '(801) 555-1')).toBe(11);
    expect(caretAfterFormat('(8015) 555-1234', 5, '(801) 555-1234')).toBe(7);
    expect(caretAfterFormat('', 0, '')).toBe(0);
    expect(caretAfterFormat('(', 1, '')).toBe(0);
  });

  it('sends logged-out visitors to /signup when they have answers (always for Submit), others to the target', () => {
    const none = { isLoggedIn: false, answers: { first_name: '', optin_sms_ind: false, state_desc: '' } };
    const some = { isLoggedIn: false, answers: { first_name: 'Ada' } };
    expect(leaveDestination('continue', '/education', none)).toBe('/education');
    expect(leaveDestination('step', '/final-steps', none)).toBe('/final-steps');
    expect(leaveDestination('submit', '/final-steps', none)).toBe('/signup');
    expect(leaveDestination('continue', '/education', some)).toBe('/signup');
    expect(leaveDestination('step', '/education', some)).toBe('/signup');
    expect(leaveDestination('continue', '/education', { isLoggedIn: true, answers: { first_name: 'Ada' } })).toBe('/education');
  });
});
