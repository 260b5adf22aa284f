/**
 * Any island shows a toast through here; the Toaster island (one per page) displays them.
 * Toasts raised before the Toaster has hydrated wait in a queue.
 */
export interface ToastRequest {
  kind: 'success' | 'error';
  message: string;
  /** §8 default titles: 'Success' or 'Error'; auth cards pass '<card> Error'. */
  title?: string;
}

export interface Toast extends Required<ToastRequest> {
  id: number;
}

type Listener = (toast: Toast) => void;

/** Dispatched on window when a toast waits and no Toaster listens yet: a Toaster hydrated on demand wakes up. */
export const TOAST_WAITING_EVENT = 'freshman:toast-waiting';

let nextId = 1;
let listener: Listener | null = null;
const queue: Toast[] = [];

export function showToast(request: ToastRequest): void {
  const toast: Toast = {
    id: nextId++,
    kind: request.kind,
    message: request.message,
    title: request.title || (request.kind === 'error' ? 'Error' : 'Success'),
  };
  if (listener) listener(toast);
  else {
    queue.push(toast);
    if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_WAITING_EVENT));
  }
}

export const showSuccess = (message: string, title?: string) => showToast({ kind: 'success', message, title });
export const showError = (message: string, title?: string) => showToast({ kind: 'error', message, title });

/** The Toaster registers itself; queued toasts are delivered at once. Returns the unsubscribe. */
export function onToast(next: Listener): () => void {
  listener = next;
  for (const toast of queue.splice(0)) next(toast);
  return () => {
    if (listener === next) listener = null;
  };
}
