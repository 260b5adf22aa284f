import { describe, expect, it } from '@jest/globals';
import { autogroupPlan } from '../../server/worker-priority.server.js';

const stat = (pid: number, session: number, comm = 'node') => `${pid} (${comm}) S 1 ${session} ${session} 0 -1 4194560 2000 0 0 0`;

describe('the worker’s priority under Linux autogroups (WORKER_NICE)', () => {
  it('a worker leading its own session lowers its autogroup too: nice alone would not count against the web processes', () => {
    expect(autogroupPlan(42, stat(42, 42), '/autogroup-85 nice 0\n', 10)).toEqual({ action: 'write' });
  });

  it('a worker sharing a session (started from a shell) leaves the group alone, which would lower its neighbours', () => {
    expect(autogroupPlan(42, stat(42, 7), '/autogroup-85 nice 0\n', 10)).toEqual({ action: 'shared', current: 0 });
  });

  it('reads the session after the command name, whatever it holds', () => {
    expect(autogroupPlan(42, stat(42, 42, 'node (worker) 1 2 3'), '/autogroup-9 nice 0', 10)).toEqual({ action: 'write' });
  });

  it('does nothing without autogroups, or when the group is already as low', () => {
    expect(autogroupPlan(42, stat(42, 42), null, 10)).toEqual({ action: 'none' });
    expect(autogroupPlan(42, stat(42, 42), '/autogroup-85 nice 19', 10)).toEqual({ action: 'none' });
  });
});
