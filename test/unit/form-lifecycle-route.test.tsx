import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import type { PageContextServer } from 'vike/types';
import { EMPTY_FORM_PAGE_DATA, type FormPageData } from '../../contracts/page-data.js';
import { PageContextProvider } from '../../pages/page-context.js';
import { FormRoute } from '../../pages/form-components/FormRoute.js';

const base: FormPageData = EMPTY_FORM_PAGE_DATA;

function render(data: Partial<FormPageData>, page: 'about' | 'education' | 'final-steps' = 'about'): string {
  const pageContext = {
    services: {
      config: {
        contacts: { helpEmail: 'help@example.edu', officePhone: '801-555-0100', officeEmail: 'office@example.edu' },
        applicationWindow: null,
      },
      now: () => new Date('2026-11-01T00:00:00Z'),
    },
    data: { ...base, ...data },
  } as unknown as PageContextServer;
  return renderToString(
    <PageContextProvider pageContext={pageContext}>
      <FormRoute page={page} />
    </PageContextProvider>,
  );
}

function formProps(html: string): Record<string, unknown> {
  const match = /data-island="Form" data-props="([^"]*)"/.exec(html);
  if (!match) throw new Error('no form island');
  const decoded = match[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
  return JSON.parse(decoded) as Record<string, unknown>;
}

describe('FormRoute with the lifecycle page data (pages/(form)/+data.ts)', () => {
  it('a logged-in student: saved answers in the questions, and the island gets answers, ETag, status, validations, counts, tabs, documents', () => {
    const validations = [{ key: 'last_name', page: 'about' as const, messages: ['"Last Name" is required'] }];
    const html = render({
      is_logged_in: true,
      username: 'ada@example.org',
      answers: { first_name: 'Ada' },
      version: 4,
      etag: '"v4"',
      web_status: 'validating',
      validations,
      add_another: { add_high_school: 2 },
      tabs: { some_tabs: 'b' },
      document_answer: { essay: { file_name: 'essay.pdf', file_size: 100, status: 'COMPLETED' } },
      page_change_marker: 'marker',
    });
    expect(html).toMatch(/id="first_name"[^>]*value="Ada"|value="Ada"[^>]*id="first_name"/);
    expect(formProps(html)).toMatchObject({
      page: 'about',
      answers: { first_name: 'Ada' },
      isLoggedIn: true,
      version: '"v4"',
      webStatus: 'validating',
      validations,
      counts: { add_high_school: 2 },
      tabs: { some_tabs: 'b' },
      documents: { essay: { file_name: 'essay.pdf', file_size: 100, status: 'COMPLETED' } },
    });
    // While validating the summary is in the first HTML.
    expect(html).toContain('We&#x27;re missing some information!');
  });

  it('the summary is not rendered unless validating', () => {
    const html = render({
      is_logged_in: true,
      web_status: 'started',
      validations: [{ key: 'last_name', page: 'about', messages: ['x'] }],
      etag: '"v1"',
    });
    expect(html).not.toContain('error-summary');
    expect(formProps(html).validations).toEqual([]);
  });

  it('a visitor keeps the logged-out form: not logged in, no version, only the answers of a prefill link', () => {
    // The admission cycle's fall year travels too, so the browser offers and checks the server's terms.
    const admissionFallYear = expect.any(Number);
    expect(formProps(render({}))).toEqual({ page: 'about', answers: {}, isLoggedIn: false, admissionFallYear });
    const props = formProps(render({ answers: { first_name: 'From a prefill link' } }));
    expect(props).toEqual({ page: 'about', answers: { first_name: 'From a prefill link' }, isLoggedIn: false, admissionFallYear });
  });

  it('a service user gets the read-only application: no island, navigation, header, footer or inputs', () => {
    const html = render(
      { is_service_user: true, applicant: 'ada@example.org', answers: { first_name: 'Ada', last_name: 'Lovelace' } },
      'about',
    );
    expect(html).not.toContain('data-island');
    expect(html).not.toContain('class="steps"');
    expect(html).not.toContain('site-header');
    expect(html).not.toContain('<footer');
    expect(html).not.toMatch(/<(input|select|textarea|button)\b/);
    // Headed by the applicant's name (issue 26), the account's e-mail on a line of its own.
    expect(html).toContain('<h1 class="readonly-title">Ada Lovelace</h1>');
    expect(html).toContain('E-mail: ada@example.org');
    expect(html).toContain('Lovelace');
  });
});
