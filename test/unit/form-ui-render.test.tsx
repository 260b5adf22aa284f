import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { ServerParts } from '../../pages/form-components/FormIsland.js';
import type { PageId } from '../../form/types.js';
import { formDefinition, PAGE_IDS } from '../../form/definition.js';
import { fieldsOf } from '../../form/fields.js';
import { relevant } from '../../form/conditions.js';
import { inputMaxLength, TEXT_MAX_LENGTH, TEXTAREA_MAX_LENGTH } from '../../form/limits.js';
import { Form } from '../../islands/Form.island.js';
import { formReducer, hasAnyAnswer, initialFormState, visibleMessages } from '../../islands/form/state.js';
import { createFormStore } from '../../islands/form/store.js';

/** The island as the server renders it: with the parts its browser chunk leaves out (pages/form-components/FormIsland.tsx). */
const renderServer = (node: ReactNode): string => renderToString(<ServerParts>{node}</ServerParts>);

const definition = formDefinition();

function renderPage(page: PageId, answers = {}, isLoggedIn = false): string {
  return renderServer(<Form page={page} answers={answers} isLoggedIn={isLoggedIn} />);
}

describe('the form island rendered on the server (smoke)', () => {
  for (const page of PAGE_IDS) {
    it(`${page}: renders the step navigation, the page and every visible question with its error element`, () => {
      const html = renderPage(page);
      expect(html).toContain('<nav class="steps" aria-label="Application steps">');
      expect(html).toMatch(new RegExp(`<a href="/${page}" class="steps__link" aria-current="step">`));
      expect(html).toContain('<main id="main" class="container main" tabindex="-1">');
      const visible = relevant({}, { definition });
      // Shown at first: visible for empty answers, under each tab group's default tab, in the first repeater instance.
      const keys = fieldsOf(page, definition)
        .filter((f) => visible.has(f.question.key))
        .filter((f) =>
          f.gates.every((g) => (g.gate === 'tab' ? g.item === g.tabs.defaultTab : g.gate === 'instance' ? g.index === 0 : true)),
        )
        .map((f) => f.question.key);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expect(html).toContain(`id="${key}"`);
        expect(html).toContain(`id="${key}-error"`);
        expect(html).toMatch(new RegExp(`aria-describedby="[^"]*\\b${key}-error\\b`));
      }
    });
  }

  it('labels Continue on the first pages and Submit on the last, and shows the step names of §2', () => {
    expect(renderPage('about')).toContain('>Continue</button>');
    expect(renderPage('education')).toContain('>Continue</button>');
    expect(renderPage('final-steps')).toContain('>Submit</button>');
    const html = renderPage('about');
    for (const label of ['1. About you', '2. Your academics', '3. Final steps', 'Step 1', 'Step 2', 'Step 3'])
      expect(html).toContain(label);
  });

  it('renders the server answers, including the questions they reveal', () => {
    const html = renderPage('about', { first_name: 'Ada', state: 'UT', state_desc: 'Utah' });
    expect(html).toMatch(/<input id="first_name"[^>]*value="Ada"/);
    expect(html).toContain('<option value="UT" selected="">Utah</option>');
    expect(html).toContain('id="state_legal_residency"');
    expect(html).toContain('id="free_lunch"');
    expect(renderPage('about', { state: 'CO' })).not.toContain('id="free_lunch"');
  });

  it('renders the error summary and the messages in the first HTML while validating (§2, §4)', () => {
    const validations = [
      { key: 'first_name', page: 'about' as const, messages: ['"First Name" is required.'] },
      { key: 'legal_agree', page: 'final-steps' as const, messages: ['You must certify that your application is complete and correct.'] },
    ];
    const html = renderServer(<Form page="about" answers={{}} isLoggedIn webStatus="validating" validations={validations} />);
    expect(html).toContain('We&#x27;re missing some information!');
    expect(html).toContain('<a href="/about#first_name">&quot;First Name&quot; is required.</a>');
    expect(html).toContain('<a href="/final-steps#legal_agree">');
    expect(html).toMatch(/<input id="first_name"[^>]*aria-invalid="true"/);
    expect(html).toContain('<div id="first_name-error" class="field__error"><p class="field__error-message">');
    // Not validating: no summary, and no message before the field is left.
    const started = renderServer(<Form page="about" answers={{}} isLoggedIn webStatus="started" validations={validations} />);
    expect(started).not.toContain('missing some information');
    expect(started).not.toContain('aria-invalid');
  });

  it('renders the same HTML for the same props (what hydration relies on)', () => {
    expect(renderPage('education', { defer_plan: 'Y' })).toBe(renderPage('education', { defer_plan: 'Y' }));
  });
});

describe('the island state (one reducer)', () => {
  const start = (answers = {}) => initialFormState({ definition, answers });

  it('clears hidden answers on every change (§4): Utah questions go when the state changes', () => {
    let state = start({ state: 'UT', state_legal_residency: 'Y', state_legal_residency_desc: 'Yes', free_lunch: 'N' });
    state = formReducer(state, { type: 'change', values: { state: 'CO', state_desc: 'Colorado' } });
    expect(state.answers).toMatchObject({ state: 'CO', state_legal_residency: '', state_legal_residency_desc: '', free_lunch: '' });
  });

  it('clears a dependent select when its controller changes', () => {
    let state = start({ defer_plan: 'Y', defer_reason: '1', defer_term: 'FA2027', defer_term_desc: 'Fall 2027' });
    state = formReducer(state, { type: 'change', values: { defer_reason: '3', defer_reason_desc: 'Military' } });
    expect(state.answers).toMatchObject({ defer_term: '', defer_term_desc: '' });
  });

  it('counts add-another up to its maximum and no further', () => {
    let state = start();
    for (let i = 0; i < 10; i++) state = formReducer(state, { type: 'add', repeater: 'high-schools', max: 5, defaultCount: 1 });
    expect(state.counts['high-schools']).toBe(5);
  });

  it('shows a field’s messages only after its first blur, and all of them while validating', () => {
    let state = formReducer(start(), {
      type: 'validated',
      entries: [{ key: 'first_name', page: 'about', messages: ['"First Name" is required.'] }],
    });
    expect(visibleMessages(state, 'first_name')).toEqual([]);
    state = formReducer(state, { type: 'blur', key: 'first_name' });
    expect(visibleMessages(state, 'first_name')).toEqual(['"First Name" is required.']);
    expect(visibleMessages(formReducer(start(), { type: 'status', webStatus: 'validating' }), 'x')).toEqual([]);
    const validating = formReducer(formReducer(start(), { type: 'status', webStatus: 'validating' }), {
      type: 'validated',
      entries: [{ key: 'last_name', page: 'about', messages: ['m'] }],
    });
    expect(visibleMessages(validating, 'last_name')).toEqual(['m']);
  });

  it('lives in a store that signals a change only when the state changed, with its messages in the snapshot', () => {
    const store = createFormStore(start());
    let signals = 0;
    store.subscribe(() => signals++);
    store.dispatch({ type: 'validated', entries: [{ key: 'first_name', page: 'about', messages: ['m'] }] });
    store.dispatch({ type: 'blur', key: 'first_name' });
    expect(store.get().messages('first_name')).toEqual(['m']);
    // Leaving the same field again changes nothing: no field is asked to re-render for it.
    store.dispatch({ type: 'blur', key: 'first_name' });
    expect(signals).toBe(2);
    const before = store.get();
    store.dispatch({ type: 'change', values: { first_name: 'Ada' } });
    expect([signals, store.get().answers.first_name, store.state().answers.first_name]).toEqual([3, 'Ada', 'Ada']);
    expect(store.get()).not.toBe(before);
  });

  it('treats empty strings, unticked boxes and descriptions as no answer', () => {
    expect(hasAnyAnswer({ first_name: '', optin_sms_ind: false, state_desc: 'Utah' })).toBe(false);
    expect(hasAnyAnswer({ optin_sms_ind: true })).toBe(true);
  });
});

describe('aria-invalid (DESIGN §6, §5 "the field flagged invalid")', () => {
  it('is on every input of a question in error, the school and address searches included', () => {
    for (const page of PAGE_IDS) {
      const visible = relevant({}, { definition });
      const keys = fieldsOf(page, definition)
        .filter((f) => visible.has(f.question.key))
        .filter((f) =>
          f.gates.every((g) => (g.gate === 'tab' ? g.item === g.tabs.defaultTab : g.gate === 'instance' ? g.index === 0 : true)),
        )
        .map((f) => f.question.key);
      const validations = keys.map((key) => ({ key, page, messages: [`${key} is wrong`] }));
      const html = renderServer(<Form page={page} answers={{}} isLoggedIn webStatus="validating" validations={validations} />);
      const controls = [...html.matchAll(/<(?:input|select|textarea)\b[^>]*>/g)].map((m) => m[0]);
      for (const key of keys) {
        const control = controls.find((c) => c.includes(` id="${key}"`));
        expect([key, control]).toEqual([key, expect.stringContaining('aria-invalid="true"')]);
      }
      expect(keys).toEqual(expect.arrayContaining(page === 'about' ? ['address_line_1'] : page === 'education' ? ['hs_name'] : []));
    }
  });

  it('is absent while nothing is in error', () => {
    for (const page of PAGE_IDS) expect(renderPage(page)).not.toContain('aria-invalid');
  });
});

describe('length limits', () => {
  it('render as maxlength: 45 for text by default, 1500 for textareas by default', () => {
    expect([TEXT_MAX_LENGTH, TEXTAREA_MAX_LENGTH]).toEqual([45, 1500]);
    const html = renderPage('education');
    expect(html).toMatch(/<input id="counselor_first_name"[^>]*maxLength="45"/);
    // §9 "configured 7000": the application's textarea is configured above the 1500 default.
    expect(html).toMatch(/<textarea id="college_pay"[^>]*maxLength="7000"/);
    for (const { question, gates } of fieldsOf('education', definition)) {
      const limit = inputMaxLength(question);
      const shown = gates.every((g) => g.gate !== 'instance' || g.index === 0);
      if (limit !== undefined && shown) expect(html).toMatch(new RegExp(`id="${question.key}"[^>]*maxLength="${limit}"`));
    }
  });
});

describe('the read-only form (staff view, PDF)', () => {
  it('shows every page as text, without inputs, buttons or islands, and without hidden answers', async () => {
    const { ReadOnlyForm } = await import('../../views/form/ReadOnlyForm.js');
    const html = renderServer(
      <ReadOnlyForm
        answers={{
          first_name: 'Ada',
          state: 'CO',
          state_desc: 'Colorado',
          free_lunch: 'Y',
          hs_name: 'Central High',
          hs_ceeb: '123456',
          legal_agree: true,
          birth_date: '2008-03-04',
        }}
      />,
    );
    expect(html).not.toMatch(/<input|<select|<textarea|<button|data-island/);
    // Under the document's h1 (the applicant's name, StaffApplication): each page's title is an h2.
    for (const title of ['About You', 'Your Academics', 'Final Steps']) expect(html).toContain(`<h2 class="form-page-title">${title}</h2>`);
    expect(html).not.toContain('<h1');
    expect(html).toContain('<span class="readonly-field__label">First Name</span><span class="readonly-field__value">Ada</span>');
    expect(html).toContain('<span class="readonly-field__value">Colorado</span>');
    expect(html).toContain('Central High (Ceeb: 123456)');
    expect(html).toContain('March 4, 2008');
    // free_lunch is asked only for Utah: neither the question nor its stale answer appears.
    expect(html).not.toContain('free or reduced lunch');
  });
});
