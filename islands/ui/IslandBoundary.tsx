import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { flushAll } from '../lifecycle/unsaved.js';
import { sessionInvalid, UnauthorizedError } from './api.js';
import { t } from '../../contracts/i18n/page-text.js';

/** §8: a boundary-caught error may be shown as a modal headed 'Unexpected Error'. */
export const UNEXPECTED_ERROR_TITLE = 'Unexpected Error';
export const UNEXPECTED_ERROR_MESSAGE =
  'Part of this page stopped working. The issue has been logged. The rest of the page still works; reload the page to use this part again.';
export const INLINE_FALLBACK_MESSAGE = 'This part of the page stopped working.';

export function reload(): void {
  window.location.reload();
}

// The dialog's code (Radix) loads only when an island has crashed: no page pays for it otherwise.
const UnexpectedErrorDialog = lazy(() => import('./UnexpectedErrorDialog.js').then((m) => ({ default: m.UnexpectedErrorDialog })));

/** If the dialog cannot open (its code failed to load or render), the inline notice alone has to do. */
class DialogGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The error boundary around every island (§2 "each branch has an error boundary", §8). A crash while an
 * island renders replaces that island only: the rest of the page, other islands included, keeps working.
 * Answers typed so far are saved first (the flush registry the form island registers with), the error is
 * logged, and the applicant sees the 'Unexpected Error' dialog, with an inline notice left in the island's
 * place. An unauthorized error is not shown here but handed to the §8 session-invalid flow.
 */
export class IslandBoundary extends Component<{ name: string; children: ReactNode }, { crashed: boolean; error: unknown }> {
  override state = { crashed: false, error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { crashed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    void flushAll('error');
    if (error instanceof UnauthorizedError) {
      sessionInvalid();
      return;
    }
    console.error(`The ${this.props.name} island stopped working`, error, info.componentStack);
  }

  override render() {
    if (!this.state.crashed) return this.props.children;
    if (this.state.error instanceof UnauthorizedError) return null;
    return (
      <>
        <div className="alert alert--error island-error" role="alert" data-island-error={this.props.name}>
          <p>{t(INLINE_FALLBACK_MESSAGE)}</p>
          <button type="button" className="button button--secondary" onClick={reload}>
            {t('Reload the page')}
          </button>
        </div>
        <DialogGuard>
          <Suspense fallback={null}>
            <UnexpectedErrorDialog />
          </Suspense>
        </DialogGuard>
      </>
    );
  }
}
