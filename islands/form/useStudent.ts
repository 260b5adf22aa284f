import { startTransition, useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import type { FormDefinition, Page, ValidationEntry } from '../../form/types.js';
import { DEFAULT_ROUTE } from '../../contracts/routes.js';
import { markChangedPage } from '../lifecycle/page-change.js';
import { registerFlush } from '../lifecycle/unsaved.js';
import { ApiError, UnauthorizedError, sessionInvalid } from '../ui/api.js';
import { showError } from '../ui/toast-bus.js';
import type { LeaveKind } from './leave.js';
import { postSubmit, postWebStatus, putAddAnother, putLastPage, putTab, recordValidations } from './lifecycle-api.js';
import { AnswerSaver, type SaveReason, type SaveResult } from './saver.js';
import { uiState, type FormAction, type FormState } from './state.js';
import { validate } from '../../form/validate.js';
import { t } from '../../contracts/i18n/page-text.js';

export const COMPLETION_ROUTE = '/completion';

/** What the applicant is told about saving, next to Continue/Submit (a toast says it too). */
export interface SaveNotice {
  message: string;
}

interface StudentOptions {
  enabled: boolean;
  etag: string | null;
  state: FormState;
  dispatch: Dispatch<FormAction>;
  page: Page;
  definition: FormDefinition;
  restored: boolean;
}

function messageOf(err: unknown): string | null {
  if (err instanceof UnauthorizedError) return null; // the §8 flow already took over
  return err instanceof ApiError ? err.message : (err as Error)?.message || t('Unexpected error');
}

/**
 * A logged-in student's side of the form (§2, §4, DESIGN §7): conflict-safe saving (on leaving, a short
 * while after typing stops, when the page is hidden, before an inactivity logout), the web status and last
 * page, submit exactly once, and persisted add-another counts and tabs. Does nothing for visitors.
 */
export function useStudent({ enabled, etag, state, dispatch, page, definition, restored }: StudentOptions) {
  const current = useRef(state);
  current.current = state;
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const [notice, setNotice] = useState<SaveNotice | null>(null);
  const told = useRef(false);

  const report = useCallback((result: SaveResult, reason: SaveReason) => {
    if (result.outcome === 'saved') {
      told.current = false;
      setNotice(null);
    } else if (result.outcome === 'conflict') {
      setNotice({ message: result.message });
      showError(result.message);
    } else if (result.outcome === 'failed') {
      setNotice({ message: result.message });
      // One toast per run of failures (retries are silent); a deliberate save always says it.
      if (!told.current || reason === 'leave') showError(result.message);
      told.current = true;
    } else if (result.outcome === 'submitted') {
      window.location.assign(COMPLETION_ROUTE);
    } else if (reason !== 'flush') {
      sessionInvalid();
    }
  }, []);

  const saver = useRef<AnswerSaver | null>(null);
  // The server's answers taken in after a conflict are not the applicant's typing: they must not restart saving.
  const adopting = useRef(false);
  if (enabled && !saver.current) {
    saver.current = new AnswerSaver({
      etag,
      saved: state.answers,
      current: () => current.current.answers,
      adopt: (values) => {
        if (Object.keys(values).length === 0) return;
        adopting.current = true;
        dispatch({ type: 'restore', answers: values });
      },
      report,
    });
  }

  // Background saves: a short while after typing stops; when the page is hidden or goes away.
  useEffect(() => {
    if (adopting.current) {
      adopting.current = false;
      return;
    }
    if (restored && saver.current?.hasUnsaved()) saver.current.changed();
  }, [restored, state.answers]);

  useEffect(() => {
    const s = saver.current;
    if (!s) return;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && s.hasUnsaved()) void s.save('hidden');
    };
    const onPageHide = () => s.saveOnExit();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    const unregister = registerFlush(() => s.save('flush'));
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      unregister();
      // Unmounted while the page stays (an error boundary took the island's place): what was typed is saved now.
      if (s.hasUnsaved()) void s.save('flush');
    };
  }, []);

  // §4: a snapshot with no status posts started (then set locally); while started or validating, every page
  // change reports the current path as the last page. (The first-load redirect to it is the server's guard.)
  useEffect(() => {
    if (!enabled || !restored) return;
    void (async () => {
      try {
        let status = current.current.webStatus;
        if (status === null) {
          await postWebStatus('started');
          status = 'started';
          // A background change that re-renders the whole page: as a transition, in slices that give way to typing.
          startTransition(() => dispatch({ type: 'status', webStatus: 'started' }));
        }
        if (status === 'started' || status === 'validating') await putLastPage(page.path);
      } catch (err) {
        const message = messageOf(err);
        if (message) showError(message);
      }
    })();
  }, [enabled, restored]);

  const validateAll = useCallback((): ValidationEntry[] => {
    return validate(current.current.answers, 'all', { definition, ui: uiState(current.current) });
  }, [definition]);

  /** §4 invalid: the summary on the default route (here at once when that is this page). */
  const showSummary = useCallback(
    (entries: ValidationEntry[]) => {
      dispatch({ type: 'validated', entries });
      if (page.path === DEFAULT_ROUTE) {
        // After the summary has rendered (it may already have been shown before this submit).
        setTimeout(() => document.querySelector<HTMLElement>('.error-summary')?.focus(), 0);
        return;
      }
      markChangedPage();
      window.location.assign(DEFAULT_ROUTE);
    },
    [page.path],
  );

  // One request: the statuses, the validation of every page and its stored result are the server's part of it.
  const submit = useCallback(async () => {
    const outcome = await postSubmit();
    if (outcome.outcome === 'invalid') {
      dispatch({ type: 'status', webStatus: 'validating' });
      return showSummary(outcome.validations);
    }
    saver.current?.stop();
    dispatch({ type: 'status', webStatus: 'submitted' });
    window.location.assign(COMPLETION_ROUTE);
    return 'left' as const;
  }, [showSummary]);

  /** Step link, Continue, Submit (§2): save (and validate) first; stay on the page if the save did not go through. */
  const leave = useCallback(
    async (kind: LeaveKind, target: string) => {
      const s = saver.current;
      if (!s || inFlight.current) return;
      inFlight.current = true;
      setBusy(true);
      let left = false;
      try {
        const saved = await s.save('leave');
        if (saved.outcome !== 'saved') return;
        if (kind === 'submit') {
          left = (await submit()) === 'left';
          return;
        }
        if (current.current.webStatus === 'validating') await recordValidations(validateAll());
        markChangedPage();
        left = true;
        window.location.assign(target);
      } catch (err) {
        const message = messageOf(err);
        if (message) showError(message);
      } finally {
        // Once leaving for another page, the buttons stay disabled: a second click must not submit or save again.
        if (!left) {
          inFlight.current = false;
          setBusy(false);
        }
      }
    },
    [submit, validateAll],
  );

  const persistCount = useCallback(async (buttonId: string, count: number) => {
    try {
      await putAddAnother(buttonId, count);
      return true;
    } catch (err) {
      if (!(err instanceof UnauthorizedError)) showError(t('Error adding another {{item}}', { item: buttonId }));
      return false;
    }
  }, []);

  const persistTab = useCallback(async (tabId: string, chosen: string, label: string) => {
    try {
      // The switch clears answers on the server and moves the answers' version: save what is typed first,
      // so the version this page holds stays in step with the server's.
      const saved = await saver.current?.save('leave');
      if (saved && saved.outcome !== 'saved') return 'failed' as const;
      const outcome = await putTab(tabId, chosen);
      if (outcome.outcome === 'blocked') return 'blocked' as const;
      saver.current?.adoptVersion(outcome.etag);
      return 'chosen' as const;
    } catch (err) {
      if (!(err instanceof UnauthorizedError)) showError(t('Error handling tabs for {{label}}', { label }));
      return 'failed' as const;
    }
  }, []);

  return { leave, busy, notice, persistCount, persistTab };
}
