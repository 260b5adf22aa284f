/** The error summary, server slots and the island's pure helpers. */
import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import { ErrorSummary, SUMMARY_HEADING } from '../../islands/form/ErrorSummary.js';
import { ServerSlot, ServerSlotContext } from '../../islands/form/ServerSlot.js';
import { caretAfterFormat } from '../../islands/form/format.js';
import { leaveDestination } from '../../islands/form/leave.js';
import { SAMPLE } from './form-ui-sample.js';

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
