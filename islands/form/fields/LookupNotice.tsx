import { useEffect, useRef, useState } from 'react';
import type { Answers } from '../../../form/types.js';
import { t } from '../../../contracts/i18n/page-text.js';

/** How long Undo stays offered once focus has left the search (issue 38: "a few seconds after"). */
export const UNDO_GRACE_MS = 8000;

export interface Offer {
  keys: string[];
  /** The answers as they were before the clearing: Undo puts them back. */
  restore: Answers;
}

/**
 * What a school or address search says about its own clearing (issue 38): which answered fields the change cleared,
 * with Undo while focus is in the field (its input, Clear, Undo, "not listed") and for UNDO_GRACE_MS after it left.
 * `show(message, offer)` says something (with Undo when an offer is given); `show('')` says nothing more.
 */
export function useClearNotice() {
  const [state, setState] = useState<{ message: string; offer: Offer | null }>({ message: '', offer: null });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stop = () => clearTimeout(timer.current);
  useEffect(() => stop, []);
  const show = (message: string, offer: Offer | null = null) => {
    stop();
    setState({ message, offer });
  };
  return {
    ...state,
    show,
    focusIn: stop,
    focusOut() {
      stop();
      timer.current = setTimeout(show, UNDO_GRACE_MS, '');
    },
  };
}

/**
 * The notice under the search: a polite live region (present from the start, so what is put in it is announced)
 * and, while offered, Undo right after it in the tab order. `text` is the server's notice after a post without
 * scripts; the island's own message replaces it.
 */
export function ClearNotice({ id, message, onUndo }: { id: string; message: string; onUndo: (() => void) | null }) {
  return (
    <div className={message ? 'lookup-notice lookup-notice--shown' : 'lookup-notice'}>
      <p id={id} role="status" className="lookup-notice__text">
        {message}
      </p>
      {onUndo ? (
        <button type="button" className="button button--secondary lookup-notice__undo" aria-describedby={id} onClick={onUndo}>
          {t('Undo')}
        </button>
      ) : null}
    </div>
  );
}
