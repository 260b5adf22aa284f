import type { Answers } from '../../form/types.js';
import { sessionInvalid } from '../ui/api.js';
import { GENERIC_ERROR_MESSAGE } from '../../contracts/messages.js';
import { ANSWER_PATH } from '../../contracts/api-paths.js';
import { answersEtag } from '../../contracts/answers-etag.js';

/** How long after the last keystroke the answers are saved in the background. */
export const AUTOSAVE_DELAY_MS = 2000;
/** Waits before retrying a save the server could not take (503, network): doubling up to the last. */
export const RETRY_DELAYS_MS = [5000, 10_000, 20_000, 60_000] as const;

export type SaveResult =
  | { outcome: 'saved' }
  | { outcome: 'conflict'; message: string }
  | { outcome: 'submitted' }
  | { outcome: 'unauthorized' }
  | { outcome: 'failed'; message: string; retry: boolean };

export interface SaverOptions {
  /** The ETag the page's answers came with (`"v3"`); null when unknown (the save then applies as is). */
  etag: string | null;
  /** The answers the server holds (the island's props). */
  saved: Answers;
  /** The island's current answers. */
  current: () => Answers;
  /** A stale save: answers the applicant did not touch here take the server's values (see `mergeOnConflict`). */
  adopt: (values: Answers) => void;
  /** Every outcome, for the island to tell the applicant. */
  report: (result: SaveResult, reason: SaveReason) => void;
  fetch?: typeof fetch;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export type SaveReason = 'autosave' | 'leave' | 'flush' | 'retry' | 'hidden';

/** The keys to send: everything that differs from what the server holds (a key gone locally is sent empty). */
export function changedAnswers(current: Readonly<Answers>, saved: Readonly<Answers>): Answers {
  const changes: Answers = {};
  for (const [key, value] of Object.entries(current))
    if (value !== saved[key] && !(value === '' && saved[key] === undefined)) changes[key] = value;
  for (const [key, value] of Object.entries(saved))
    if (!(key in current) && value !== '' && value !== false) changes[key] = typeof value === 'boolean' ? false : '';
  return changes;
}

/**
 * The merge rule after a stale save (409): a three-way merge per answer key, with the answers of the last
 * successful save (or of the page load) as the base. A key the applicant changed here keeps what they typed;
 * a key they did not change takes the server's current value. Nothing on screen that they typed is
 * overwritten, and other tabs' answers that they never touched are not clobbered by the next save.
 */
export function mergeOnConflict(base: Readonly<Answers>, local: Readonly<Answers>, server: Readonly<Answers>): Answers {
  const adopted: Answers = {};
  for (const key of new Set([...Object.keys(server), ...Object.keys(base)])) {
    const untouched = local[key] === base[key] || (local[key] === undefined && base[key] === '');
    if (untouched && server[key] !== local[key]) adopted[key] = server[key] ?? '';
  }
  return adopted;
}

/**
 * Conflict-safe saving of the form's answers (DESIGN §7): PUT /api/answer with the changed keys and
 * `If-Match` naming the version the page started from; each response's ETag becomes the next validator.
 * One save at a time; saves asked for meanwhile are coalesced into one that runs after it.
 */
export class AnswerSaver {
  private etag: string | null;
  private saved: Answers;
  private running: Promise<SaveResult> | null = null;
  private autosaveTimer: unknown = null;
  private retryTimer: unknown = null;
  private failures = 0;
  /** After a conflict nothing is saved in the background until the applicant changes something again. */
  private held = false;
  private stopped = false;

  constructor(private readonly options: SaverOptions) {
    this.etag = options.etag;
    this.saved = { ...options.saved };
  }

  get version(): string | null {
    return this.etag;
  }

  hasUnsaved(): boolean {
    return Object.keys(changedAnswers(this.options.current(), this.saved)).length > 0;
  }

  /** The applicant changed something: save a short while after they stop typing. */
  changed(): void {
    this.held = false;
    this.cancel('autosave');
    this.autosaveTimer = this.timer(() => void this.save('autosave'), AUTOSAVE_DELAY_MS);
  }

  /** Another call (PUT /api/tabs) moved the answers' version on the server, with these answers. */
  adoptVersion(etag: string | null, cleared: Answers = {}): void {
    if (etag) this.etag = etag;
    this.saved = { ...this.saved, ...cleared };
  }

  /** Stops background work (the page is leaving for good: submitted, logged out). */
  stop(): void {
    this.stopped = true;
    this.cancel('autosave');
    this.cancel('retry');
  }

  save(reason: SaveReason = 'leave'): Promise<SaveResult> {
    this.cancel('autosave');
    if (reason !== 'retry') this.cancel('retry');
    if (this.running) return this.running.then(() => this.save(reason));
    if ((reason === 'autosave' || reason === 'hidden' || reason === 'retry') && this.held) return Promise.resolve({ outcome: 'saved' });
    this.running = this.send(reason).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** The page is going away (pagehide): hand the unsaved answers to the browser, which sends them anyway. */
  saveOnExit(): void {
    if (this.held || this.stopped) return;
    const changes = changedAnswers(this.options.current(), this.saved);
    if (Object.keys(changes).length === 0) return;
    try {
      void (this.options.fetch ?? fetch)(ANSWER_PATH, this.init(changes, true)).catch(() => {});
    } catch {
      // keepalive refused (body quota): the flush registry and the autosave cover the rest
    }
  }

  private init(changes: Answers, keepalive: boolean): RequestInit {
    const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
    if (this.etag) headers['If-Match'] = this.etag;
    return { method: 'PUT', headers, body: JSON.stringify(changes), credentials: 'same-origin', keepalive };
  }

  private async send(reason: SaveReason): Promise<SaveResult> {
    const current = this.options.current();
    const changes = changedAnswers(current, this.saved);
    if (Object.keys(changes).length === 0) return { outcome: 'saved' };
    const result = await this.request(changes, reason === 'hidden');
    if (result.outcome === 'failed' && result.retry && !this.stopped) {
      const delay = RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length - 1)]!;
      this.failures += 1;
      this.retryTimer = this.timer(() => void this.save('retry'), delay);
    } else if (result.outcome !== 'failed') {
      this.failures = 0;
    }
    if (result.outcome === 'submitted' || result.outcome === 'unauthorized') this.stop();
    this.options.report(result, reason);
    return result;
  }

  private async request(changes: Answers, keepalive: boolean): Promise<SaveResult> {
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(ANSWER_PATH, this.init(changes, keepalive));
    } catch {
      return { outcome: 'failed', message: GENERIC_ERROR_MESSAGE, retry: true };
    }
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = await response.json();
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      body = null;
    }
    const message = typeof body?.message === 'string' ? body.message : GENERIC_ERROR_MESSAGE;
    if (response.status === 401) {
      // §8: the flush before an inactivity logout must not start a second redirect; the logout handles it.
      return { outcome: 'unauthorized' };
    }
    if (response.ok && body) {
      this.etag = response.headers.get('ETag') ?? (typeof body.version === 'number' ? answersEtag(body.version) : this.etag);
      // What was sent is now the server's; the applicant may have typed more meanwhile (sent next time).
      this.saved = { ...this.saved, ...changes };
      return { outcome: 'saved' };
    }
    if (response.status === 409 && body?.submitted === true) return { outcome: 'submitted' };
    if (response.status === 409 && body && typeof body.answer === 'object' && body.answer !== null && typeof body.version === 'number') {
      const server = body.answer as Answers;
      this.options.adopt(mergeOnConflict(this.saved, this.options.current(), server));
      this.saved = { ...server };
      this.etag = answersEtag(body.version);
      this.held = true;
      return { outcome: 'conflict', message };
    }
    return { outcome: 'failed', message, retry: response.status >= 500 || response.status === 0 || !body };
  }

  private timer(run: () => void, ms: number): unknown {
    if (this.stopped) return null;
    return (this.options.setTimer ?? ((r, t) => setTimeout(r, t)))(run, ms);
  }

  private cancel(which: 'autosave' | 'retry'): void {
    const timer = which === 'autosave' ? this.autosaveTimer : this.retryTimer;
    if (timer !== null) (this.options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>)))(timer);
    if (which === 'autosave') this.autosaveTimer = null;
    else this.retryTimer = null;
  }
}

/** §8 unauthorized while saving in the foreground: the usual flow (clear state, /login with the message). */
export function unauthorizedFlow(): void {
  sessionInvalid();
}
