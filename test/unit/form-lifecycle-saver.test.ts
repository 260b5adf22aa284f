import { describe, expect, it } from '@jest/globals';
import type { Answers } from '../../form/types.js';
import {
  AnswerSaver,
  AUTOSAVE_DELAY_MS,
  changedAnswers,
  mergeOnConflict,
  RETRY_DELAYS_MS,
  type SaveResult,
} from '../../islands/form/saver.js';

interface Sent {
  body: Answers;
  ifMatch: string | undefined;
  keepalive: boolean | undefined;
}

function json(status: number, body: unknown, etag?: string): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...(etag ? { ETag: etag } : {}) } });
}

/** A saver against a scripted server; timers are collected, not run, so the test decides when they fire. */
function harness(replies: Array<(sent: Sent) => Response | Promise<Response>>, start: Answers = {}) {
  let answers: Answers = { ...start };
  const sent: Sent[] = [];
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  const reports: SaveResult[] = [];
  const adopted: Answers[] = [];
  const saver = new AnswerSaver({
    etag: '"v1"',
    saved: start,
    current: () => answers,
    adopt: (values) => {
      adopted.push(values);
      answers = { ...answers, ...values };
    },
    report: (result) => reports.push(result),
    fetch: (async (_url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      const entry = { body: JSON.parse(String(init.body)) as Answers, ifMatch: headers['If-Match'], keepalive: init.keepalive };
      sent.push(entry);
      const reply = replies.shift();
      if (!reply) throw new TypeError('network down');
      return reply(entry);
    }) as typeof fetch,
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  });
  return {
    saver,
    sent,
    timers,
    reports,
    adopted,
    type: (values: Answers) => {
      answers = { ...answers, ...values };
      saver.changed();
    },
    answers: () => answers,
  };
}

describe('form lifecycle: conflict-safe saving (DESIGN §7)', () => {
  it('sends only the changed answers with If-Match, and the next save uses the returned ETag', async () => {
    const h = harness(
      [() => json(200, { message: 'saved', version: 2 }, '"v2"'), () => json(200, { message: 'saved', version: 3 }, '"v3"')],
      { first_name: 'Ada', city: 'Provo' },
    );
    h.type({ first_name: 'Grace' });
    await expect(h.saver.save('leave')).resolves.toEqual({ outcome: 'saved' });
    expect(h.sent[0]).toEqual({ body: { first_name: 'Grace' }, ifMatch: '"v1"', keepalive: false });
    h.type({ city: 'Orem' });
    await h.saver.save('leave');
    expect(h.sent[1]).toEqual({ body: { city: 'Orem' }, ifMatch: '"v2"', keepalive: false });
    expect(h.saver.version).toBe('"v3"');
    // Nothing changed since: no request.
    await h.saver.save('leave');
    expect(h.sent).toHaveLength(2);
  });

  it('schedules a background save 2 s after typing stops, restarting the wait on every change', () => {
    const h = harness([]);
    h.type({ first_name: 'A' });
    h.type({ first_name: 'Ad' });
    expect(h.timers.map((t) => [t.ms, t.cleared])).toEqual([
      [AUTOSAVE_DELAY_MS, true],
      [AUTOSAVE_DELAY_MS, false],
    ]);
  });

  it('a stale save (409): keeps what was typed, takes the server value of untouched keys, adopts the version, and holds background saves', async () => {
    const server = { first_name: 'From B', city: 'Changed by B', last_name: 'Lovelace' };
    const h = harness(
      [
        () => json(409, { message: 'Your answers were changed in another tab', answer: server, version: 5 }),
        () => json(200, { version: 6 }, '"v6"'),
      ],
      { first_name: 'Ada', city: 'Provo', last_name: 'Lovelace' },
    );
    h.type({ first_name: 'Typed in A' });
    const result = await h.saver.save('leave');
    expect(result).toEqual({ outcome: 'conflict', message: 'Your answers were changed in another tab' });
    expect(h.answers()).toEqual({ first_name: 'Typed in A', city: 'Changed by B', last_name: 'Lovelace' });
    expect(h.saver.version).toBe('"v5"');
    // No background save overwrites the other tab's work behind the applicant's back…
    await h.saver.save('autosave');
    expect(h.sent).toHaveLength(1);
    // …but a deliberate one goes through, sending only what they typed.
    await h.saver.save('leave');
    expect(h.sent[1]).toEqual({ body: { first_name: 'Typed in A' }, ifMatch: '"v5"', keepalive: false });
  });

  it('a 503 or a network error keeps the answers and retries later with growing waits', async () => {
    const h = harness([() => json(503, { message: 'The database is briefly unavailable.' })], { first_name: '' });
    h.type({ first_name: 'Ada' });
    const first = await h.saver.save('leave');
    expect(first).toEqual({ outcome: 'failed', message: 'The database is briefly unavailable.', retry: true });
    expect(h.answers().first_name).toBe('Ada');
    const retry = h.timers.find((t) => t.ms === RETRY_DELAYS_MS[0] && !t.cleared)!;
    expect(retry).toBeDefined();
    // The retry itself meets a network error: still kept, next wait longer.
    retry.run();
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(h.sent).toHaveLength(2);
    expect(h.reports.at(-1)).toMatchObject({ outcome: 'failed', retry: true });
    expect(h.timers.some((t) => t.ms === RETRY_DELAYS_MS[1] && !t.cleared)).toBe(true);
    expect(h.saver.hasUnsaved()).toBe(true);
  });

  it('after submission (409 submitted) it stops; a 401 is reported for the §8 flow', async () => {
    const h = harness([() => json(409, { message: 'submitted', submitted: true }), () => json(401, { message: 'no session' })]);
    h.type({ first_name: 'Ada' });
    await expect(h.saver.save('leave')).resolves.toEqual({ outcome: 'submitted' });
    const h2 = harness([() => json(401, { message: 'no session' })]);
    h2.type({ first_name: 'Ada' });
    await expect(h2.saver.save('flush')).resolves.toEqual({ outcome: 'unauthorized' });
  });

  it('on pagehide hands the unsaved answers to the browser with keepalive', () => {
    const h = harness([() => json(200, { version: 2 }, '"v2"')]);
    h.type({ first_name: 'Ada' });
    h.saver.saveOnExit();
    expect(h.sent[0]).toEqual({ body: { first_name: 'Ada' }, ifMatch: '"v1"', keepalive: true });
  });

  it('changedAnswers and mergeOnConflict', () => {
    expect(changedAnswers({ a: 'x', b: '', c: true }, { a: 'x', b: 'old', d: 'gone' })).toEqual({ b: '', c: true, d: '' });
    expect(mergeOnConflict({ a: '1', b: '1' }, { a: 'mine', b: '1' }, { a: 'theirs', b: 'theirs', c: 'new' })).toEqual({
      b: 'theirs',
      c: 'new',
    });
  });
});
