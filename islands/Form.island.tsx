import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type MouseEvent } from 'react';
import type { Answers, Page, PageId, ValidationEntry } from '../form/types.js';
import { formDefinition, pageById } from '../form/definition.js';
import { fieldByKey } from '../form/fields.js';
import { formatPhone, formatSsn } from '../form/formats.js';
import { readCarriedAnswers, writeCarriedAnswers } from './ui/navigation-state.js';
import { FormContext, type FormContextValue } from './form/context.js';
import { ErrorSummary } from './form/ErrorSummary.js';
import { FormPage } from './form/FormPage.js';
import { withChangedDescriptions } from './form/describe.js';
import { domAnswerChanges } from './form/dom-answers.js';
import { focusQuestionFromHash } from './form/hash-focus.js';
import { leaveDestination, type LeaveKind } from './form/leave.js';
import { ServerSlot } from './form/ServerSlot.js';
import { errorsByKey, formReducer, hasAnyAnswer, initialFormState, showsAll, uiState, visibleMessages } from './form/state.js';
import type { WebStatus } from '../contracts/statuses.js';
import { StepNav } from './form/StepNav.js';
import { REVIEW_ROUTE } from '../contracts/routes.js';
import { loadValidation } from './form/validation-loader.js';
import { useStudent } from './form/useStudent.js';
import type { DocumentAnswer } from '../contracts/api.js';

/** JSON props of the form island (DESIGN §4): the definition itself is imported, never sent. */
export interface FormProps {
  page: PageId;
  /** The answers the server knows (saved ones once logged in; none for a logged-out visitor). */
  answers: Answers;
  isLoggedIn: boolean;
  webStatus?: WebStatus | null;
  /** Add-another counts and chosen tabs (§3); the lifecycle issue loads and persists them. */
  counts?: Record<string, number>;
  tabs?: Record<string, string>;
  /** The stored validation result while validating (§4), so the error summary and messages are in the first HTML. */
  validations?: ValidationEntry[];
  /** The answers' ETag (DESIGN §7), sent back in If-Match by every save. Logged in only. */
  version?: string | null;
  /** §3 document_answer: each document question's upload, for the upload control's first state. */
  documents?: Record<string, DocumentAnswer>;
}

/**
 * The form island: step navigation, the page's questions, the error summary and Continue/Submit in one
 * React root, because they share the answers (DESIGN §4). The server renders the same tree with the
 * server's answers; answers kept in this tab (logged-out visitors) are applied after hydration.
 */
export function Form(props: FormProps) {
  const definition = formDefinition();
  const page = pageById(props.page, definition);
  const [state, dispatch] = useReducer(formReducer, props, (p) =>
    initialFormState({
      definition,
      answers: p.answers,
      webStatus: p.webStatus ?? null,
      counts: p.counts ?? {},
      tabs: p.tabs ?? {},
      entries: p.validations ?? [],
      errors: errorsByKey(p.validations ?? []),
    }),
  );
  const [restored, setRestored] = useState(false);
  const main = useRef<HTMLElement>(null);
  const student = useStudent({ enabled: props.isLoggedIn, etag: props.version ?? null, state, dispatch, page, definition, restored });

  // After hydration (never during it, so the first client render matches the server's HTML): answers kept in
  // this tab, then whatever the browser already holds in the controls (typed before hydration, back/forward).
  useEffect(() => {
    const known = (key: string) => fieldByKey(key, definition) !== undefined;
    if (!props.isLoggedIn) {
      const carried = readCarriedAnswers();
      if (carried) dispatch({ type: 'restore', answers: Object.fromEntries(Object.entries(carried).filter(([key]) => known(key) || known(key.replace(/_desc$/, '')))) });
    }
    if (main.current) {
      const typed = domAnswerChanges(main.current, known, props.answers);
      for (const [key, value] of Object.entries(typed)) {
        const kind = fieldByKey(key, definition)?.question.kind;
        if (typeof value === 'string' && kind === 'phone') typed[key] = formatPhone(value);
        if (typeof value === 'string' && kind === 'ssn') typed[key] = formatSsn(value);
      }
      if (Object.keys(typed).length > 0) dispatch({ type: 'change', values: withChangedDescriptions(props.answers, typed, definition) });
    }
    setRestored(true);
  }, []);

  // Logged-out answers live in this tab (§1). Nothing is stored until something is answered, so a visitor
  // who only looked around is not treated as having answers to restore (see pages/(form)/+client.ts).
  useEffect(() => {
    if (restored && !props.isLoggedIn && (hasAnyAnswer(state.answers) || readCarriedAnswers() !== null)) writeCarriedAnswers(state.answers);
  }, [restored, state.answers, props.isLoggedIn]);

  useEffect(() => {
    if (!restored) return;
    focusQuestionFromHash();
    const onHash = () => focusQuestionFromHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [restored]);

  // §5 live checks: after a field's first blur its messages follow every change; while validating, all of them.
  const all = showsAll(state);
  const touchedCount = Object.keys(state.touched).length;
  useEffect(() => {
    if (!all && touchedCount === 0) return;
    let current = true;
    void loadValidation().then((validate) => {
      if (current) dispatch({ type: 'validated', entries: validate(state.answers, all ? 'all' : page.id, { definition, ui: uiState(state) }) });
    });
    return () => {
      current = false;
    };
  }, [state.answers, state.counts, state.tabs, all, touchedCount, page.id]);

  const leave = useCallback(
    (kind: LeaveKind, target: string) => {
      // Logged-in students save (and validate, or submit) before leaving: see useStudent.
      if (props.isLoggedIn) return void student.leave(kind, target);
      if (hasAnyAnswer(state.answers)) writeCarriedAnswers(state.answers);
      window.location.assign(leaveDestination(kind, target, { isLoggedIn: props.isLoggedIn, answers: state.answers }));
    },
    [props.isLoggedIn, state.answers, student.leave],
  );

  const onStep = (event: MouseEvent<HTMLAnchorElement>, target: Page) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    leave('step', target.path);
  };

  const onSummaryLink = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (href.startsWith(`${page.path}#`)) return; // same page: the hash change scrolls to and focuses the question
    event.preventDefault();
    leave('step', href);
  };

  const index = definition.pages.findIndex((p) => p.id === page.id);
  const next = definition.pages[index + 1];

  const context = useMemo<FormContextValue>(
    () => ({
      answers: state.answers,
      readOnly: false,
      isLoggedIn: props.isLoggedIn,
      messages: (key) => visibleMessages(state, key),
      change: (values) => dispatch({ type: 'change', values }),
      blur: (key) => dispatch({ type: 'blur', key }),
      counts: state.counts,
      tabs: state.tabs,
      triggers: state.triggers,
      dispatch,
      documents: props.documents,
      ...(props.isLoggedIn ? { persistCount: student.persistCount, persistTab: student.persistTab } : {}),
    }),
    [state, props.isLoggedIn],
  );

  return (
    <FormContext.Provider value={context}>
      <StepNav pages={definition.pages} current={page.id} onNavigate={onStep} />
      <ServerSlot className="container banners" />
      {/* The first focus anywhere in the form starts loading the validation code, before the first blur needs it. */}
      <main ref={main} id="main" className="container main" tabIndex={-1} onFocus={() => void loadValidation()}>
        {all && <ErrorSummary pages={definition.pages} entries={state.entries} onNavigate={onSummaryLink} />}
        <FormPage page={page} />
        {student.notice && (
          <div className="alert alert--error save-notice" role="alert">
            {student.notice.message}
          </div>
        )}
        <div className="form-actions">
          {next ? (
            <button type="button" className="button button--continue" disabled={student.busy} aria-busy={student.busy || undefined} onClick={() => leave('continue', next.path)}>
              Continue
            </button>
          ) : (
            <>
              {/* "Check your answers" before submitting: saved first, like a step link (onSummaryLink). */}
              <a href={REVIEW_ROUTE} className="button button--secondary form-actions__review" onClick={(event) => onSummaryLink(event, REVIEW_ROUTE)}>
                Review your application
              </a>
              <button type="button" className="button button--submit" disabled={student.busy} aria-busy={student.busy || undefined} onClick={() => leave('submit', page.path)}>
                Submit
              </button>
            </>
          )}
        </div>
      </main>
    </FormContext.Provider>
  );
}
