import { describe, expect, it } from '@jest/globals';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Answers, Page, Question } from '../../form/types.js';
import { ReadOnlyContext, readOnlyContext, type ReadOnlyContextValue } from '../../views/form/read-only-context.js';
import { ReadOnlyPage } from '../../views/form/ReadOnlyNodes.js';
import { GenericError } from '../../views/pages/GenericError.js';
import { NoticePage } from '../../views/pages/NoticePage.js';

/** A page with each structure the read-only renderer walks, independent of the real definition. */
const PAGE: Page = {
  id: 'about',
  path: '/about',
  title: 'Sample Page',
  navLabel: '1. Sample',
  shortNavLabel: 'Step 1',
  children: [
    {
      section: 'basics',
      title: 'Basics',
      description: 'Tell us about yourself.',
      children: [
        { content: 'Some guidance.', id: 'guidance' },
        { kind: 'text', key: 'nickname', label: 'Nickname', required: true },
        { kind: 'text', key: 'motto', label: 'Motto' },
      ],
    },
    { section: 'extras', title: 'Extras', children: [{ kind: 'text', key: 'hobby', label: 'Hobby' }] },
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
      repeater: 'jobs',
      addLabel: 'Add another job',
      max: 3,
      prefixes: ['job_1', 'job_2', 'job_3'],
      template: [{ kind: 'text', key: 'employer', label: 'Employer' }],
      instanceTitle: (i) => `Job ${i + 1}`,
    },
    {
      tabs: 'route',
      label: 'How will you apply?',
      defaultTab: 'a',
      items: [
        { id: 'a', label: 'Online', children: [{ kind: 'text', key: 'portal', label: 'Portal' }] },
        { id: 'b', label: 'By mail', children: [{ kind: 'text', key: 'mail_code', label: 'Mail code' }] },
      ],
    },
    {
      tabs: 'info',
      label: 'More about us',
      defaultTab: 'x',
      items: [{ id: 'x', label: 'History', children: [{ content: 'Founded long ago.', id: 'history' }] }],
    },
    {
      trigger: 'certify',
      mode: 'checkbox',
      triggerLabel: 'I certify',
      checkbox: { kind: 'checkbox', key: 'agree', label: 'I agree' },
      before: [],
      after: [{ kind: 'text', key: 'signature', label: 'Signature' }],
    },
  ],
};

function render(answers: Answers, options: Partial<Omit<ReadOnlyContextValue, 'answers'>> = {}): string {
  return renderToStaticMarkup(
    <ReadOnlyContext.Provider value={readOnlyContext(answers, options)}>
      <ReadOnlyPage page={PAGE} />
    </ReadOnlyContext.Provider>,
  );
}

describe('the read-only renderer of views/ (staff view, PDF, review)', () => {
  it('renders every question as label and answer, with no control, button or guidance meant for filling in', () => {
    const html = render({ nickname: 'Ada', agree: true, signature: 'A. L.' });
    expect(html).not.toMatch(/<input|<select|<textarea|<button|<form|data-island|nojs-only/);
    expect(html).toContain('<h1 class="form-page-title">Sample Page</h1>');
    expect(html).toContain('<span class="readonly-field__label">Nickname</span><span class="readonly-field__value">Ada</span>');
    // An unanswered question reads as a dash, not as an empty value.
    expect(html).toContain('<span class="readonly-field__label">Motto</span><span class="readonly-field__value">—</span>');
    for (const text of ['Tell us about yourself.', 'Some guidance.', 'Add another job', 'Founded long ago.'])
      expect(html).not.toContain(text);
    // A check box tied to an answer is that answer, and opens what follows from it.
    expect(html).toContain('data-key="agree"');
    expect(html).toContain('A. L.');
  });

  it('shows the counted add-another instances, the chosen tab as an answer, and headings one level deeper under a document title', () => {
    const html = render({ job_2_employer: 'Acme', mail_code: 'M1' }, { tabs: { route: 'b' }, headingOffset: 1 });
    // The last answered instance stays visible even with no count chosen.
    expect(html).toContain('Job 2');
    expect(html).not.toContain('Job 3');
    expect(html).toContain(
      '<span class="readonly-field__label">How will you apply?</span><span class="readonly-field__value">By mail</span>',
    );
    expect(html).toContain('M1');
    expect(html).not.toContain('Portal');
    expect(html).toContain('<h2 class="form-page-title">Sample Page</h2>');
    expect(html).toContain('<h3 id="section-basics" class="form-heading form-heading--2">Basics</h3>');
    expect(html).not.toContain('<h1');
  });

  it("lists only what the review's short listing keeps, and adds the review's extras to each answer", () => {
    const listed = (q: Question) => q.required === true || q.key === 'lang_es' || q.key === 'start_month';
    const html = render(
      { nickname: '', lang_en: true, lang_es: true, start_month: '5', start_year: '2024' },
      { listed, readOnlyExtra: (q) => ({ invalid: q.key === 'nickname', after: <a href={`/about#${q.key}`}>Change</a> }) },
    );
    // A section with nothing to list is left out; the required question is listed, flagged and linked.
    expect(html).not.toContain('Extras');
    expect(html).not.toContain('Motto');
    expect(html).toContain('<div class="readonly-field readonly-field--invalid" data-key="nickname">');
    expect(html).toContain('<a href="/about#nickname">Change</a>');
    // A check group and a month and year are one line each; tabs that only explain are no answer.
    expect(html).toContain(
      '<span class="readonly-field__label">Languages</span><span class="readonly-field__value">English, Spanish</span>',
    );
    expect(html).toMatch(/<span class="readonly-field__label">Started<\/span><span class="readonly-field__value">[^<]*2024<\/span>/);
    expect(html).not.toContain('More about us');
  });

  it('renders the plain error and notice pages the server sends outside page rendering', () => {
    expect(renderToStaticMarkup(<GenericError />)).toContain('<h1>Something went wrong.</h1>');
    const notice = renderToStaticMarkup(<NoticePage heading="Link expired" message="Ask for a new one." />);
    expect(notice).toContain('<h1>Link expired</h1>');
    expect(notice).toContain('<p>Ask for a new one.</p>');
  });
});
