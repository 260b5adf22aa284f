/**
 * Inactivity is shared by every tab of this browser (issue 5): the last activity lives in localStorage
 * (a new tab reads it; the `storage` event tells the others), and one-off messages travel on a
 * BroadcastChannel. Both are optional: without them each tab simply keeps its own clock.
 */
export const ACTIVITY_KEY = 'freshman.lastActivity';
export const CHANNEL_NAME = 'freshman.inactivity';

export type TabMessage =
  /** A tab reached the timeout: every other tab flushes its unsaved answers and answers `flushing`/`flushed`. */
  | { type: 'expiring'; from: string }
  | { type: 'flushing'; to: string; from: string }
  | { type: 'flushed'; to: string; from: string }
  /** A tab logged out (inactivity, or 'No'): the others leave for /login with the same message. */
  | { type: 'logged-out'; from: string; message: string };

function local(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readSharedActivity(): number | null {
  const raw = local()?.getItem(ACTIVITY_KEY);
  const value = raw ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : null;
}

export function writeSharedActivity(at: number): void {
  try {
    local()?.setItem(ACTIVITY_KEY, String(at));
  } catch {
    // storage full or disabled: this tab keeps its own clock
  }
}

/** Calls `onActivity` when another tab records activity. Returns the unsubscribe. */
export function onSharedActivity(onActivity: (at: number) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const listener = (event: StorageEvent) => {
    if (event.key !== ACTIVITY_KEY || !event.newValue) return;
    const at = Number(event.newValue);
    if (Number.isFinite(at)) onActivity(at);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

export interface TabChannel {
  id: string;
  post(message: TabMessage): void;
  close(): void;
}

export function openTabChannel(onMessage: (message: TabMessage) => void): TabChannel {
  const id = Math.random().toString(36).slice(2) + Date.now().toString(36);
  if (typeof BroadcastChannel === 'undefined') return { id, post: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<TabMessage>) => {
    const message = event.data;
    if (message && typeof message === 'object' && typeof message.type === 'string') onMessage(message);
  };
  return { id, post: (message) => channel.postMessage(message), close: () => channel.close() };
}
