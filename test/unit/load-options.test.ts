import { describe, expect, it } from '@jest/globals';
import { parseLoadOptions } from '../load/options.js';

describe('the load tool’s options (npm run load)', () => {
  it('the deadline scenario waits for its receipts a second for every four submissions, ten minutes at least', () => {
    const night = parseLoadOptions(['--scenario', 'deadline', '--submissions', '6000', '--seconds', '60']);
    expect(night).toMatchObject({ scenario: 'deadline', submissions: 6000, seconds: 60, patienceSeconds: 1500, leadInSeconds: 10 });
    expect(parseLoadOptions(['--scenario', 'deadline', '--submissions', '20']).patienceSeconds).toBe(600);
  });

  it('keeps a patience and a lead-in given', () => {
    const given = parseLoadOptions(['--scenario', 'deadline', '--patience-seconds', '5', '--lead-in-seconds', '0']);
    expect(given).toMatchObject({ patienceSeconds: 5, leadInSeconds: 0 });
  });

  it('refuses what it does not know', () => {
    expect(() => parseLoadOptions(['--lead-in', '3'])).toThrow(/unknown option --lead-in/);
    expect(() => parseLoadOptions(['--lead-in-seconds', '-1'])).toThrow(/≥ 0/);
  });
});
