import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { readingStagesDoc } from '../../domain/reading/stages-doc.js';
import { READING_STAGES, STAGE_CHANGES, stageAfter } from '../../domain/reading/stages.js';
import { staffRoles } from '../../domain/reading/roles.server.js';
import { parseReplyDate, parseStaffRoles } from '../../platform/config-reading.server.js';
import { mergeLetter, unknownMergeFields } from '../../domain/reading/letters.server.js';
import { releaseDigest, releaseSentence } from '../../domain/reading/releases.server.js';
import { validateReview } from '../../domain/reading/review-validator.server.js';
import { instantInZone } from '../../domain/reading/local-date-time.js';
import { loadConfig } from '../../platform/config.server.js';

describe('the reading stages', () => {
  it('docs/reading-stages.md is the one generated from the table (npm run docs:stages)', () => {
    expect(readFileSync(new URL('../../docs/reading-stages.md', import.meta.url), 'utf8')).toBe(readingStagesDoc());
  });

  it('every row names known stages; events lead where the table says and nowhere else', () => {
    for (const row of STAGE_CHANGES) expect([READING_STAGES.includes(row.from), READING_STAGES.includes(row.to)]).toEqual([true, true]);
    expect(stageAfter('incomplete', 'checklist-complete')).toBe('ready_for_review');
    expect(stageAfter('first_read', 'first-review-submitted', 'committee')).toBe('committee');
    expect(stageAfter('incomplete', 'assign-first')).toBeNull();
    expect(stageAfter('released', 'decide')).toBeNull();
  });
});

describe('roles', () => {
  const config = (raw?: string) => loadConfig({ NODE_ENV: 'test', ...(raw ? { STAFF_ROLES: raw } : {}) });

  it('are cumulative; unnamed staff are readers; without STAFF_ROLES everyone is an admin', () => {
    const c = config('lead=alice@u.edu,group:admissions-leads;admin=carol@u.edu');
    expect(staffRoles(c, { email: 'Alice@U.edu' })).toEqual(['reader', 'lead']);
    expect(staffRoles(c, { email: 'bob@u.edu', groups: ['admissions-leads'] })).toEqual(['reader', 'lead']);
    expect(staffRoles(c, { email: 'carol@u.edu' })).toEqual(['reader', 'lead', 'admin']);
    expect(staffRoles(c, { email: 'dan@u.edu', groups: ['other'] })).toEqual(['reader']);
    expect(staffRoles(config(), { email: 'dan@u.edu' })).toEqual(['reader', 'lead', 'admin']);
  });

  it('STAFF_ROLES and REPLY_DATE refuse what they cannot read, saying why', () => {
    expect(parseStaffRoles('boss=a@u.edu')).toEqual({ problem: expect.stringContaining('"boss" is not a role') });
    expect(parseStaffRoles('lead=not-an-address')).toEqual({
      problem: expect.stringContaining('neither an e-mail address nor group:<name>'),
    });
    expect(() => loadConfig({ NODE_ENV: 'test', STAFF_ROLES: 'lead=x' })).toThrow(/STAFF_ROLES/);
    expect(parseReplyDate('02-30')).toEqual({ problem: expect.stringContaining('MM-DD') });
    expect(parseReplyDate('04-15')).toEqual({ value: { month: 4, day: 15 } });
  });
});

describe('letters, reviews and releases', () => {
  it('merges the known fields and names the unknown ones', () => {
    const fields = { first_name: 'Maria', reference: 'FA-7K3M9Q', entry_term: 'Fall 2027', major: 'Biology', reply_date: 'May 1, 2027' };
    expect(mergeLetter('Dear {first_name} ({reference}), {entry_term}, {major}, by {reply_date}. {other}', fields)).toBe(
      'Dear Maria (FA-7K3M9Q), Fall 2027, Biology, by May 1, 2027. {other}',
    );
    expect(unknownMergeFields('{first_name} {firstname} {x} {x}')).toEqual(['firstname', 'x']);
  });

  it('validates a review from its definition: numbers from form posts, required fields, nothing extra', () => {
    expect(validateReview({ academic_preparation: '5', personal_qualities: '1', recommendation: 'deny' })).toEqual({
      academic_preparation: 5,
      personal_qualities: 1,
      recommendation: 'deny',
    });
    expect(() => validateReview({ academic_preparation: '5', personal_qualities: '1', recommendation: 'maybe' })).toThrow(
      'Recommendation: choose one of Admit, Waitlist, Deny.',
    );
    expect(() => validateReview({ academic_preparation: '5', recommendation: 'deny' })).toThrow('Personal qualities: this is required.');
    expect(() => validateReview({ academic_preparation: '5', personal_qualities: '1', recommendation: 'deny', score: 3 })).toThrow(
      /does not ask for/,
    );
  });

  it('says what a release will do, with plurals, and digests exactly the set', () => {
    expect(releaseSentence({ admit: 30, deny: 5, waitlist: 2 })).toBe('Release 37 decisions: 30 admit, 5 deny, 2 waitlist');
    expect(releaseSentence({ admit: 1, deny: 0, waitlist: 0 })).toBe('Release 1 decision: 1 admit');
    const a = { id: '00000000-0000-4000-8000-000000000001', decision: 'admit' as const };
    const b = { id: '00000000-0000-4000-8000-000000000002', decision: 'deny' as const };
    expect(releaseDigest([a, b])).toBe(releaseDigest([b, a]));
    expect(releaseDigest([a, b])).not.toBe(releaseDigest([a, { ...b, decision: 'admit' }]));
    expect(releaseDigest([a])).toMatch(/^1-/);
  });

  it("reads a scheduled time in the university's zone, summer and winter", () => {
    expect(instantInZone('2027-03-15T09:00', 'America/Denver')?.toISOString()).toBe('2027-03-15T15:00:00.000Z');
    expect(instantInZone('2027-01-15T09:00', 'America/Denver')?.toISOString()).toBe('2027-01-15T16:00:00.000Z');
    expect(instantInZone('tomorrow', 'America/Denver')).toBeNull();
  });
});
