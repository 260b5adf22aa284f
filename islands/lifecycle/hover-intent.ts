/**
 * §9 menu delays for the account popover when reached with a mouse: open after 200 ms of hovering, close
 * 150 ms after leaving (so the pointer can travel to the content), and open at once when the pointer
 * comes back within 300 ms of a close. Clicks, touch and keyboard open and close it without delay.
 */
export const MENU_DELAYS = { open: 200, skip: 300, close: 150 } as const;
/** §9 popover offset from its trigger, in px. */
export const POPOVER_OFFSET = 5;

export interface HoverIntent {
  enter(): void;
  leave(): void;
  /** Forget pending timers (a click or a key decided instead). */
  cancel(): void;
  /** Tell the intent the popover closed now (starts the skip window). */
  closed(): void;
  dispose(): void;
}

export function createHoverIntent(options: {
  isOpen(): boolean;
  /** Whether leaving should close it (default: when open); a popover pinned by a click stays. */
  closesOnLeave?(): boolean;
  open(): void;
  close(): void;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}): HoverIntent {
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let openTimer: unknown = null;
  let closeTimer: unknown = null;
  let closedAt = -Infinity;

  const clear = () => {
    if (openTimer !== null) clearTimer(openTimer);
    if (closeTimer !== null) clearTimer(closeTimer);
    openTimer = closeTimer = null;
  };

  return {
    enter() {
      if (closeTimer !== null) clearTimer(closeTimer);
      closeTimer = null;
      if (options.isOpen() || openTimer !== null) return;
      if (now() - closedAt < MENU_DELAYS.skip) {
        options.open();
        return;
      }
      openTimer = setTimer(() => {
        openTimer = null;
        options.open();
      }, MENU_DELAYS.open);
    },
    leave() {
      if (openTimer !== null) clearTimer(openTimer);
      openTimer = null;
      const closes = options.closesOnLeave ?? options.isOpen;
      if (!closes() || closeTimer !== null) return;
      closeTimer = setTimer(() => {
        closeTimer = null;
        options.close();
      }, MENU_DELAYS.close);
    },
    cancel: clear,
    closed() {
      closedAt = now();
    },
    dispose: clear,
  };
}
