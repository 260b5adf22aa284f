import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type FormEvent,
  type MouseEvent,
} from 'react';
import type { Page } from '../form/types.js';
import { configureAdmissionCycle } from '../form/admission-cycle.js';
import { formDefinition, pageById } from '../form/definition.js';
import { pageLang, t } from '../contracts/i18n/page-text.js';
import { fieldByKey } from '../form/fields.js';
import { formatPhone, formatSsn } from '../form/formats.js';
import { readCarriedAnswers, writeCarriedAnswers } from './ui/navigation-state.js';
import { FormContext, type FormContextValue } from './form/context.js';
import { ErrorSummary, UPLOAD_REFUSED_HEADING } from './form/ErrorSummary.js';
import { FormPage } from './form/FormPage.js';
import { withChangedDescriptions } from './form/describe.js';
import { domAnswerChanges } from './form/dom-answers.js';
import { focusQuestionFromHash } from './form/hash-focus.js';
import { leaveDestination, type LeaveKind } from './form/leave.js';
import { ServerSlot } from './form/ServerSlot.js';
import { loadFileField } from './form/fields/LazyFileField.js';
import { fileKeysIn } from '../form/document-keys.js';
import { errorsByKey, hasAnyAnswer, initialFormState, showsAll, uiState } from './form/state.js';
import { createFormStore } from './form/store.js';
import { StepNav } from './form/StepNav.js';
import { FormActions } from './form/FormActions.js';
import { validate } from '../form/validate.js';
import { useStudent } from './form/useStudent.js';
import { PAGE_FORM_ID, POST_FIELDS, lookupFormId, uploadFormId } from '../contracts/form-post.js';
import type { FormProps } from './form/form-props.js';

/**
 * The form island: step navigation, the page's questions, the error summary and Continue/Submit in one
 * React root, because they share the answers (DESIGN §4). The server renders the same tree with the
 * server's answers; answers kept in this tab (logged-out visitors) are applied after hydration.
 */
export function Form(props: FormProps) {
  // In the browser only: the server's own setting (or its clock) decides there, and must not be pinned by a render.
  if (typeof document !== 'undefined' && props.admissionFallYear !== undefined) configureAdmissionCycle(props.admissionFallYear);
  // The page's language: labels, hints, options and titles (form/i18n/localize.ts); keys and values are the same.
  const definition = formDefinition(pageLang());
  const page = pageById(props.page, definition);
  // The state lives in a store rather than in this component's context: each field subscribes to its own answer
  // and messages (useFormState), so a keystroke re-renders that field, not the page (see form/store.ts).
  const [store] = useState(() =>
    createFormStore(
      initialFormState({
        definition,
        answers: props.answers,
        webStatus: props.webStatus ?? null,
        counts: props.counts ?? {},
        tabs: props.tabs ?? {},
        entries: props.validations ?? [],
        errors: errorsByKey([...(props.validations ?? []), ...(props.formErrors ?? [])]),
        // Messages of a posted page show at once, as they would after the applicant left each field.
        touched: Object.fromEntries((props.formErrors ?? []).map((entry) => [entry.key, true as const])),
      }),
    ),
  );
  const state = useSyncExternalStore(store.subscribe, store.state, store.state);
  const dispatch = store.dispatch;
  const [restored, setRestored] = useState(false);
  const main = useRef<HTMLElement>(null);
  const student = useStudent({ enabled: props.isLoggedIn, etag: props.version ?? null, state, dispatch, page, definition, restored });

  // After hydration (never during it, so the first client render matches the server's HTML): answers kept in
  // this tab, then whatever the browser already holds in the controls (typed before hydration, back/forward).
  // Only the fields whose answers these change re-render (each subscribes to its own); a store's update is never
  // sliced by React, so what stays in the transition is the island's own re-render and the effects it starts.
  useEffect(() => {
    const known = (key: string) => fieldByKey(key, definition) !== undefined;
    const carried = props.isLoggedIn ? null : readCarriedAnswers();
    const typed = main.current ? domAnswerChanges(main.current, known, props.answers) : {};
    for (const [key, value] of Object.entries(typed)) {
      const kind = fieldByKey(key, definition)?.question.kind;
      if (typeof value === 'string' && kind === 'phone') typed[key] = formatPhone(value);
      if (typeof value === 'string' && kind === 'ssn') typed[key] = formatSsn(value);
    }
    startTransition(() => {
      if (carried)
        dispatch({
          type: 'restore',
          answers: Object.fromEntries(Object.entries(carried).filter(([key]) => known(key) || known(key.replace(/_desc$/, '')))),
        });
      if (Object.keys(typed).length > 0) dispatch({ type: 'change', values: withChangedDescriptions(props.answers, typed) });
      setRestored(true);
    });
  }, []);

  // Logged-out answers live in this tab (§1). Nothing is stored until something is answered, so a visitor
  // who only looked around is not treated as having answers to restore (see pages/(form)/+client.ts).
  // The document questions' field is a chunk of its own (islands/form/fields/LazyFileField.tsx): fetched now where the
  // page has one, also in a tab not chosen yet.
  useEffect(() => {
    if (fileKeysIn(page.children).length > 0) void loadFileField();
  }, [page]);

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
    dispatch({ type: 'validated', entries: validate(state.answers, all ? 'all' : page.id, { definition, ui: uiState(state) }) });
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

  const onStep = (event: MouseEvent<HTMLElement>, target: Page) => {
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

  // With scripts every button is handled here: a native submission (Enter in a text field) must not leave.
  const noNativeSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  const formErrors = props.formErrors ?? [];
  // Only a file question's message: an upload posted without scripts was refused, nothing typed is wrong.
  const uploadRefused = formErrors.length > 0 && formErrors.every((entry) => fieldByKey(entry.key)?.question.kind === 'file');
  const notice = student.notice?.message ?? props.notice ?? null;

  const index = definition.pages.findIndex((p) => p.id === page.id);
  const next = definition.pages[index + 1];

  // One value for the island's life: a change of it would re-render every field. The snapshot's fields read the
  // store's current state (for event handlers); rendering subscribes through useFormState.
  const context = useMemo<FormContextValue>(
    () => ({
      get answers() {
        return store.get().answers;
      },
      messages: (key) => store.get().messages(key),
      get counts() {
        return store.get().counts;
      },
      get tabs() {
        return store.get().tabs;
      },
      get triggers() {
        return store.get().triggers;
      },
      store,
      isLoggedIn: props.isLoggedIn,
      change: (values) => dispatch({ type: 'change', values }),
      blur: (key) => dispatch({ type: 'blur', key }),
      dispatch,
      documents: props.documents,
      uploadTargets: props.uploadTargets,
      uploadFitted: props.uploadFitted,
      statusCheck: props.statusCheck,
      schoolSearch: props.schoolSearch,
      lookupNotices: props.lookupNotices,
      tabSwitch: props.tabSwitch,
      removeConfirm: props.removeConfirm,
      ...(props.isLoggedIn ? { persistCount: student.persistCount, persistTab: student.persistTab } : {}),
    }),
    [store, props.isLoggedIn, student.persistCount, student.persistTab],
  );
  // The same element on every render: the page's questions re-render through their own subscriptions only.
  const body = useMemo(() => <FormPage page={page} />, [page]);

  return (
    <FormContext.Provider value={context}>
      {/* Without scripts, Enter in a text field "clicks" the form's first submit button: let that be Update. */}
      <button
        type="submit"
        form={PAGE_FORM_ID}
        name={POST_FIELDS.action}
        value="update:"
        hidden
        tabIndex={-1}
        aria-hidden="true"
        onClick={(event) => event.preventDefault()}
      />
      {/* The answers' version (DESIGN §7, as If-Match): part of the page's form, though not among its questions. */}
      <input type="hidden" form={PAGE_FORM_ID} name={POST_FIELDS.version} value={props.version ?? ''} />
      {/* Answers posted after the session ended are kept for this account only (issue 23 finding 1). */}
      {props.owner ? <input type="hidden" form={PAGE_FORM_ID} name={POST_FIELDS.owner} value={props.owner} /> : null}
      <StepNav pages={definition.pages} current={page.id} onNavigate={onStep} />
      <ServerSlot className="container banners" />
      <main ref={main} id="main" className="container main" tabIndex={-1}>
        {/* DESIGN §6: one <form method="post"> the server understands without scripts; the island handles every button itself. */}
        <form id={PAGE_FORM_ID} method="post" action={page.path} noValidate onSubmit={noNativeSubmit}>
          {all ? (
            <ErrorSummary pages={definition.pages} entries={state.entries} onNavigate={onSummaryLink} />
          ) : (
            formErrors.length > 0 && (
              <ErrorSummary
                pages={definition.pages}
                entries={formErrors}
                onNavigate={onSummaryLink}
                {...(uploadRefused ? { heading: UPLOAD_REFUSED_HEADING } : {})}
              />
            )
          )}
          {body}
          {notice && (
            <div className="alert alert--error save-notice" role="alert">
              {t(notice)}
            </div>
          )}
          <FormActions next={next?.path ?? null} pagePath={page.path} busy={student.busy} leave={leave} onSummaryLink={onSummaryLink} />
        </form>
        {/* Each document upload is its own multipart form, posted to this app (POST /upload/<key>); its controls sit
            in the page (form attribute), since forms cannot nest. Only without scripts, after "Upload a file". */}
        {Object.entries(props.uploadTargets ?? {}).map(([key, target]) => (
          <form key={key} id={uploadFormId(key)} method="post" action={target.url} encType="multipart/form-data" />
        ))}
        {/* The school search's "search again": a GET of this page (nothing changes by looking); its controls sit by the question. */}
        {props.schoolSearch ? <form id={lookupFormId(props.schoolSearch.key)} method="get" action={page.path} /> : null}
      </main>
    </FormContext.Provider>
  );
}
