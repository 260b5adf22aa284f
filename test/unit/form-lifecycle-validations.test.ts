import { afterEach, describe, expect, it } from '@jest/globals';
import { recordValidations } from '../../islands/form/lifecycle-api.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Records the calls the island makes (method and path), answering each with a JSON 200. */
function recordCalls(): Array<{ method: string; path: string; body: unknown }> {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  globalThis.fetch = (async (path: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', path, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
    return new Response(JSON.stringify({ message: 'ok' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

describe('the validation result recorded while validating (§4)', () => {
  it('is posted when it has entries', async () => {
    const calls = recordCalls();
    const entries = [{ key: 'last_name', page: 'about' as const, messages: ['"Last Name" is required.'] }];
    await recordValidations(entries);
    expect(calls).toEqual([{ method: 'POST', path: '/api/validations', body: entries }]);
  });

  it('is cleared on the server when none remain, so the next page shows no stale summary', async () => {
    const calls = recordCalls();
    await recordValidations([]);
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/validations', body: undefined }]);
  });
});
