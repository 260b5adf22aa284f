import { afterEach, describe, expect, it } from '@jest/globals';
import { leaveDocumentTab } from '../../islands/upload/tab-guard.js';
import { setUploadBusy } from '../../islands/upload/activity.js';

/** §4 tabs: leaving a tab that holds documents. The island's calls go through a recorded fetch. */
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  setUploadBusy('transcript', false);
});

function fakeServer(statuses: Record<string, string>) {
  const calls: string[] = [];
  globalThis.fetch = (async (input: string | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    calls.push(`${method} ${path}`);
    const key = decodeURIComponent(path.split('/').pop()!);
    const body = method === 'GET' ? { status: statuses[key] ?? 'NOT_ANSWERED', message: '' } : { message: 'deleted' };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

describe('leaveDocumentTab', () => {
  it('blocks while an upload is still going, without asking the server', async () => {
    const calls = fakeServer({});
    setUploadBusy('transcript', true);
    expect(await leaveDocumentTab(['transcript'])).toBe('blocked');
    expect(calls).toEqual([]);
  });

  it.each(['UNPROCESSED', 'IN_PROGRESS'])('blocks while the conversion is %s', async (status) => {
    const calls = fakeServer({ transcript: status });
    expect(await leaveDocumentTab(['transcript'])).toBe('blocked');
    expect(calls).toEqual(['GET /api/pdf/document-answer/transcript']);
  });

  it('otherwise deletes the conversion and the document answer', async () => {
    const calls = fakeServer({ transcript: 'COMPLETED' });
    expect(await leaveDocumentTab(['transcript'])).toBe('cleared');
    expect(calls).toEqual([
      'GET /api/pdf/document-answer/transcript',
      'DELETE /api/pdf/document-answer/transcript',
      'DELETE /api/document-answer/transcript',
    ]);
  });
});
