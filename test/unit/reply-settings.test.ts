import { describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../platform/config.server.js';
import { depositLink } from '../../platform/config-deposit.server.js';
import { replyDatePassed, replyDeadline } from '../../domain/after-submission/reply-date.server.js';
import { TEST_TMP } from '../helpers/paths.js';

const base = () => ({ DATA_DIR: mkdtempSync(join(TEST_TMP, 'cfg-')), PATH: '' });

describe('DEPOSIT_URL (issue 39)', () => {
  it("is optional; an https URL with {reference} becomes each applicant's payment link, the reference encoded", () => {
    expect(loadConfig(base()).depositUrl).toBeNull();
    const config = loadConfig({ ...base(), DEPOSIT_URL: 'https://pay.example.edu/deposit?ref={reference}' });
    expect(depositLink(config.depositUrl!, 'FA-7K3M9Q')).toBe('https://pay.example.edu/deposit?ref=FA-7K3M9Q');
    expect(depositLink('https://pay.example.edu/{reference}/x', 'A B')).toBe('https://pay.example.edu/A%20B/x');
  });

  it.each([
    ['pay.example.edu/deposit', 'is not a URL'],
    ['http://pay.example.edu/deposit', 'must be an https URL'],
    ['https://pay.example.edu/deposit?ref={ref}', 'the only merge field it may hold is {reference}'],
    ['ftp://pay.example.edu/x', 'must be an https URL'],
  ])('refuses %s at start-up, naming the variable', (value, message) => {
    expect(() => loadConfig({ ...base(), DEPOSIT_URL: value })).toThrow(new RegExp(`DEPOSIT_URL.*${message.replace(/[{}]/g, '\\$&')}`));
  });

  it('takes http on loopback (a laptop, the tests)', () => {
    expect(loadConfig({ ...base(), DEPOSIT_URL: 'http://127.0.0.1:8080/pay?ref={reference}' }).depositUrl).toContain('127.0.0.1');
  });
});

describe('the reply date (REPLY_DATE in the entry year, the end of that day in TIME_ZONE)', () => {
  const settings = (replyDate: { month: number; day: number }, timeZone = 'America/Denver') => ({
    reading: { roles: null, blindReviews: true, replyDate },
    timeZone,
    admissionCycle: 2026,
  });

  it('closes at midnight after 1 May 2027 in Denver (MDT), and says its last minute', () => {
    const deadline = replyDeadline(settings({ month: 5, day: 1 }), { answers: { entry_term: 'FA2027' } }, new Date('2026-12-01T00:00:00Z'));
    expect(deadline.closesAt.toISOString()).toBe('2027-05-02T06:00:00.000Z');
    expect(deadline.text).toBe('May 1, 2027 at 11:59 PM MDT');
    expect(replyDatePassed(deadline, new Date('2027-05-02T05:59:59.999Z'))).toBe(false);
    expect(replyDatePassed(deadline, new Date('2027-05-02T06:00:00.000Z'))).toBe(true);
  });

  it("follows the entry term's year, else the admission cycle's; 29 February is the 28th in a common year", () => {
    const now = new Date('2026-12-01T00:00:00Z');
    expect(replyDeadline(settings({ month: 5, day: 1 }, 'UTC'), { answers: {} }, now).closesAt.toISOString()).toBe(
      '2026-05-02T00:00:00.000Z',
    );
    expect(replyDeadline(settings({ month: 2, day: 29 }, 'UTC'), { answers: { entry_term: 'FA2027' } }, now).text).toBe(
      'February 28, 2027 at 11:59 PM UTC',
    );
  });
});
