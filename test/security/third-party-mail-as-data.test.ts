import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TestContext } from '../helpers/app.js';
import { loadVikeBuild } from '../helpers/vike-build.js';
import { COUNSELOR, counselorApp, linkIn, submitWith, workMailJobs } from './counselor-fixture.js';
import { COUNSELOR_SUBJECT } from '../../domain/mail/after-submission-mail.server.js';

// Issue 35 finding 6: applicant-chosen text in the counselor's e-mail is data: never the subject, never a link.
let ctx: TestContext;
let mail: Awaited<ReturnType<typeof counselorApp>>['mail'];
beforeAll(async () => {
  await loadVikeBuild();
  ({ ctx, mail } = await counselorApp());
}, 60_000);
afterAll(() => ctx?.close());

const HOSTILE = 'ACTION NEEDED: http://evil.example/sso';

describe('the counselor e-mail shows applicant text as data', () => {
  it('has a fixed subject and no link made of the applicant’s name, in the text or the HTML', async () => {
    mail.messages.length = 0;
    await submitWith(ctx, { first_name: HOSTILE, counselor_first_name: 'www.evil.example', hs_name: 'x@evil.example' });
    expect(await workMailJobs(ctx)).toEqual(['sent']);
    const [message] = mail.messages.filter((m) => m.to.includes(COUNSELOR));
    expect(message!.subject).toBe(COUNSELOR_SUBJECT);
    expect(message!.subject).not.toMatch(/ACTION|evil|Lopez/);
    for (const part of [message!.text, message!.html!]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('http://evil');
      expect(part).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|localhost)[^\s"<]*evil/);
      // Still readable as the name the applicant gave, in quotation marks.
      expect(part).toMatch(/“ACTION NEEDED/);
    }
    // The only links in the HTML: the counselor's own link and nothing of the applicant's.
    const hrefs = [...message!.html!.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([expect.stringContaining(`/counselor/${linkIn(message!)}`)]);
  });
});
