import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import { Form } from '../../islands/Form.island.js';
import { Island } from '../../islands/Island.js';
import { AutocompleteInput } from '../../islands/autocomplete/AutocompleteInput.js';
import { MANUAL_ENTRY_MESSAGE } from '../../contracts/lookup.js';

const noop = () => undefined;

/** The school search as it is mounted: inside the form island (Autocomplete of §2 in the school block). */
const schoolSearch = (answers = {}) =>
  renderToString(
    <AutocompleteInput
      id="hs_name"
      label="School"
      category="hs_ceeb"
      value=""
      onSelect={noop}
      onFreeText={noop}
      onClear={noop}
      {...answers}
    />,
  );

/** Render smoke test: the server HTML of the autocomplete (hydration takes over in the browser). */
describe('the school and address autocomplete', () => {
  it('renders, inside the form island, an ARIA 1.2 combobox whose id is the answer key, with a labelled listbox and a polite status', () => {
    const html = renderToString(
      <Island name="Form" component={Form} props={{ page: 'education' as const, answers: {}, isLoggedIn: false }} />,
    );
    expect(html).toContain('data-island="Form"');
    // Required by §5, so marked like every other required question (issue 26).
    expect(html).toContain(
      '<label id="hs_name-label" for="hs_name" class="field__label autocomplete__label">Search for Your School<span class="field__required" aria-hidden="true"> <!-- -->*</span></label>',
    );
    const input = [...html.matchAll(/<input [^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes('id="hs_name"'))!;
    for (const attribute of [
      'id="hs_name"',
      'name="hs_name"',
      'role="combobox"',
      'aria-autocomplete="list"',
      'aria-expanded="false"',
      'aria-controls="hs_name-listbox"',
      'required=""',
      'value=""',
    ]) {
      expect(input).toContain(attribute);
    }
    expect(input.toLowerCase()).toContain('autocomplete="off"');
    expect(html).toMatch(/<ul id="hs_name-listbox" role="listbox" aria-labelledby="hs_name-label" class="autocomplete__list" hidden="">/);
    expect(html).toContain('<div role="status" class="visually-hidden">');
    expect(html).not.toContain('aria-activedescendant');
    expect(html).not.toContain(MANUAL_ENTRY_MESSAGE);
    expect(html).not.toContain('autocomplete__clear');
    expect(html).not.toContain('style=');
  });

  it('shows the manual-entry message for a typed (not picked) school, described by the input', () => {
    const html = schoolSearch({ value: 'My Home School' });
    expect(html).toContain(`<p id="hs_name-manual" class="autocomplete__manual">${MANUAL_ENTRY_MESSAGE}</p>`);
    expect(html).toContain('aria-describedby="hs_name-manual"');
    // Shown once scripts run (js-only): without them it could do nothing.
    expect(html).toMatch(/<button type="button" class="autocomplete__clear js-only" aria-label="Clear School">Clear<\/button>/);
  });

  it('shows no message for a picked school, nor ever for an address', () => {
    expect(schoolSearch({ value: 'Alta High School', selected: true })).not.toContain(MANUAL_ENTRY_MESSAGE);
    expect(schoolSearch({ id: 'address_line_1', label: 'Address', category: 'address', value: '1 Main St' })).not.toContain(
      MANUAL_ENTRY_MESSAGE,
    );
  });

  it('marks an error with aria-invalid and the key-error id, keeping the caller’s descriptions', () => {
    const html = renderToString(
      <AutocompleteInput
        id="hs_name"
        label="School"
        category="hs_ceeb"
        value=""
        describedBy="hs_name-hint"
        error="Search for Your School is required"
        onSelect={noop}
        onFreeText={noop}
        onClear={noop}
      />,
    );
    expect(html).toContain('aria-describedby="hs_name-hint hs_name-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('<p id="hs_name-error" class="field__error-message autocomplete__error">Search for Your School is required</p>');
  });
});
