import { describe, expect, it } from '@jest/globals';
import { renderToString } from 'react-dom/server';
import { Form } from '../../islands/Form.island.js';
import { TRANSCRIPT_PERMISSION_KEY } from '../../form/pages/final-steps.js';

/**
 * A promise on screen is a feature: step 2 says "We will ask your high school counselor" only while the applicant
 * has not refused that permission in Final steps (without it no request is sent, docs/after-submission.md).
 */
const PROMISE = 'We will ask your high school counselor for your transcript after you submit.';
const render = (answers: Record<string, string>) =>
  renderToString(<Form page="education" answers={answers} isLoggedIn={true} />).replace(/<!-- -->/g, '');

describe('the transcript note on Your academics', () => {
  it('promises the counselor request while the permission is given or not yet answered', () => {
    expect(render({})).toContain(PROMISE);
    expect(render({ [TRANSCRIPT_PERMISSION_KEY]: 'Y' })).toContain(PROMISE);
  });

  it('says what to do instead, and promises nothing, once the permission is refused', () => {
    const html = render({ [TRANSCRIPT_PERMISSION_KEY]: 'N' });
    expect(html).not.toContain(PROMISE);
    expect(html).toContain('not to let us ask your counselor');
  });
});
