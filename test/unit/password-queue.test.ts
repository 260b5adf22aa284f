import { describe, expect, it } from '@jest/globals';
import { hashPassword, passwordChecksWaiting, PASSWORD_HASHES_AT_ONCE, verifyPassword } from '../../server/auth/passwords.server.js';

/**
 * Logins at the peak: password checks beyond PASSWORD_HASHES_AT_ONCE wait their turn instead of filling libuv's
 * thread pool (which gzip and file reads share) and every core; each still gets its own right answer.
 */
describe('password hashing under a burst', () => {
  it('runs at most PASSWORD_HASHES_AT_ONCE checks at a time, queues the rest, and answers each correctly', async () => {
    const stored = await hashPassword('Correct horse 42!');
    expect(passwordChecksWaiting()).toBe(0);
    const burst = Array.from({ length: 8 }, (_, i) => verifyPassword(stored, i % 2 === 0 ? 'Correct horse 42!' : 'wrong guess 42!'));
    expect(passwordChecksWaiting()).toBe(8 - PASSWORD_HASHES_AT_ONCE);
    expect(await Promise.all(burst)).toEqual([true, false, true, false, true, false, true, false]);
    expect(passwordChecksWaiting()).toBe(0);
  });
});
