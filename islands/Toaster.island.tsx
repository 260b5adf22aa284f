import * as RadixToast from '@radix-ui/react-toast';
import { useEffect, useRef, useState } from 'react';
import { onToast, showToast, type Toast } from './ui/toast-bus.js';
import { takeFlash } from './ui/navigation-state.js';
import { t } from '../contracts/i18n/page-text.js';

/** §9: success toasts 5000 ms, error toasts 300000 ms, swipe 50 px, hotkey F8. */
export const TOAST_DURATION = { success: 5000, error: 300_000 } as const;

/**
 * The page's toasts (Radix Toast: announced to screen readers, F8 focuses them, Escape or swipe
 * dismisses). Shows the flash message carried from the previous screen, then whatever islands send
 * through ui/toast-bus.
 */
export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const viewport = useRef<HTMLOListElement>(null);
  // Rendered only in the browser: Radix's viewport carries an inline style, which the strict CSP
  // forbids in server HTML (styles set from script are allowed).
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    setMounted(true);
    const flash = takeFlash();
    if (flash) showToast(flash);
    return onToast((toast) => setToasts((list) => [...list, toast]));
  }, []);

  const remove = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));
  useToastSpace(viewport, toasts.length > 0);
  if (!mounted) return null;

  return (
    <RadixToast.Provider swipeDirection="right" swipeThreshold={50} label={t('Notification')}>
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          type={toast.kind === 'error' ? 'foreground' : 'background'}
          duration={TOAST_DURATION[toast.kind]}
          onOpenChange={(open) => {
            if (!open) remove(toast.id);
          }}
          data-testid="toast"
        >
          <RadixToast.Title className="toast__title">{t(toast.title)}</RadixToast.Title>
          <RadixToast.Description className="toast__message">{t(toast.message)}</RadixToast.Description>
          <RadixToast.Close className="toast__close" aria-label={t('Dismiss notification')}>
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport ref={viewport} className="toast-viewport" hotkey={['F8']} label={t('Notifications ({hotkey})')} />
    </RadixToast.Provider>
  );
}

/** The custom property pages/styles.css pads the page's end with while toasts are shown. */
export const TOAST_SPACE_PROPERTY = '--toast-space';

/**
 * While toasts are shown, the page ends with as much room as they take, so scrolling to the end brings the footer
 * (help, privacy, contacts) out from under them (issue 26): an error toast stays five minutes. Set from script,
 * which the strict CSP allows.
 */
function useToastSpace(viewport: { current: HTMLElement | null }, shown: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    const element = viewport.current;
    if (!shown || !element) {
      root.style.removeProperty(TOAST_SPACE_PROPERTY);
      return;
    }
    const update = () => root.style.setProperty(TOAST_SPACE_PROPERTY, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    update();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_SPACE_PROPERTY);
    };
  }, [viewport, shown]);
}
