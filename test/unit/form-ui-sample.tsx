/** A sample page with one of each building block (§2) and its renderers, for the form UI tests. */
import { renderToString } from 'react-dom/server';
import type { ReactNode } from 'react';
import { ServerParts } from '../../pages/form-components/FormIsland.js';
import type { Answers, Page } from '../../form/types.js';
import { FormContext, staticFormContext, type FormContextValue } from '../../islands/form/context.js';
import { FormPage } from '../../islands/form/FormPage.js';
import { ReadOnlyContext, readOnlyContext, type ReadOnlyContextValue } from '../../views/form/read-only-context.js';
import { ReadOnlyPage } from '../../views/form/ReadOnlyNodes.js';

/** The island as the server renders it: with the parts its browser chunk leaves out (pages/form-components/FormIsland.tsx). */
const renderServer = (node: ReactNode): string => renderToString(<ServerParts>{node}</ServerParts>);

/** A tiny page with one of each building block (§2), independent of the real definition. */
export const SAMPLE: Page = {
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

export function render(answers: Answers, overrides: Partial<FormContextValue> = {}): string {
  return renderServer(
    <FormContext.Provider value={{ ...staticFormContext(answers), ...overrides }}>
      <FormPage page={SAMPLE} />
    </FormContext.Provider>,
  );
}

/** The same page through the read-only renderer of views/ (staff view, PDF, review). */
export function renderReadOnly(answers: Answers, options: Partial<Omit<ReadOnlyContextValue, 'answers'>> = {}): string {
  return renderServer(
    <ReadOnlyContext.Provider value={readOnlyContext(answers, options)}>
      <ReadOnlyPage page={SAMPLE} />
    </ReadOnlyContext.Provider>,
  );
}
