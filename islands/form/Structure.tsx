import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { allFields } from '../../form/fields.js';
import type { ConfirmationTrigger, Repeater, Tabs as TabsNode } from '../../form/types.js';
import { chosenTab } from '../../form/ui-defaults.js';
import { useForm, useFormState } from './context.js';
import { POST_FIELDS } from '../../contracts/form-post.js';
import type { TriggerState } from './state.js';
import { CheckboxField } from './fields/Choices.js';
import { TabSwitchQuestion } from './TabSwitchQuestion.js';
import { repeaterMax } from '../../form/repeater-count.js';
import { RemoveEntry } from './RemoveEntry.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * Add-another (§2): `count` instances of the template, and an add button until the maximum; every added instance
 * can be removed again, the first stays (issue 38). A logged-in student's count is persisted through PUT
 * /api/add-another before it changes on screen.
 */
export function RepeaterBlock({
  node,
  level,
  count,
  renderInstance,
}: {
  node: Repeater;
  level: number;
  count: number;
  renderInstance: (index: number) => ReactNode;
}) {
  const form = useForm();
  const max = repeaterMax(node);
  const shown = Math.min(Math.max(count, 1), max);
  const lastShown = useRef(shown);
  const Title = `h${Math.min(level, 6)}` as 'h3';
  const addOne = async () => {
    // Logged in, the count is stored first (§4), so a reload shows the same number of components.
    if (form.isLoggedIn && form.persistCount && !(await form.persistCount(node.repeater, shown + 1))) return;
    form.dispatch({ type: 'add', repeater: node.repeater, max, defaultCount: shown });
  };
  useEffect(() => {
    // Move focus to the heading of the instance just added, so keyboard and screen-reader users land on it.
    if (shown > lastShown.current) document.getElementById(`${node.repeater}-${shown - 1}-title`)?.focus();
    lastShown.current = shown;
  }, [shown, node.repeater]);
  return (
    <div className="repeater" id={node.repeater}>
      {Array.from({ length: shown }, (_, index) => (
        // A named group rather than a section: instance titles may repeat a section's title, and landmarks must be unique.
        <div key={index} role="group" className="repeater__item" aria-labelledby={`${node.repeater}-${index}-title`}>
          <Title id={`${node.repeater}-${index}-title`} className="repeater__title" tabIndex={-1}>
            {node.instanceTitle(index)}
          </Title>
          {renderInstance(index)}
          {index > 0 ? <RemoveEntry node={node} index={index} count={shown} /> : null}
        </div>
      ))}
      {shown < max ? (
        <button
          type="submit"
          name={POST_FIELDS.action}
          value={`add:${node.repeater}`}
          className="button button--secondary repeater__add"
          onClick={(event) => {
            event.preventDefault();
            void addOne();
          }}
        >
          {node.addLabel}
        </button>
      ) : (
        <p className="repeater__limit">{`You have added the maximum of ${max}.`}</p>
      )}
    </div>
  );
}

/**
 * Tabs (§2) following the WAI-ARIA tabs pattern: one tab stop for the tab list, arrow keys / Home / End move
 * between tabs, Enter or Space chooses (manual activation, because leaving a tab clears its answers, §4).
 * Written here rather than with @radix-ui/react-tabs, which would add about 9 KB gzip to every form page.
 */
export function TabsBlock({ node, render }: { node: TabsNode; render: (children: TabsNode['items'][number]['children']) => ReactNode }) {
  const form = useForm();
  const [blocked, setBlocked] = useState(false);
  // Issue 38: a switch that would delete uploaded files waits for the applicant's answer (with scripts, a dialog).
  const [asking, setAsking] = useState<{ id: string; files: string[] } | null>(null);
  // Without scripts the page came back with the question (?switch=…); hydrated, its buttons act here.
  const [question, setQuestion] = useState(form.tabSwitch?.tabs === node.tabs ? form.tabSwitch : undefined);
  // The roving tab stop needs the arrow keys (scripts): until hydrated every tab is a plain submit button in the tab order.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const stored = useFormState((snapshot) => snapshot.tabs[node.tabs]);
  const current = chosenTab(node, stored);
  const labelId = `${node.tabs}-label`;
  const tabId = (id: string) => `${node.tabs}-tab-${id}`;
  const panelId = (id: string) => `${node.tabs}-panel-${id}`;
  const choose = async (id: string, confirmed = false) => {
    if (id === current) return;
    const documents = documentKeysUnder(node, current);
    if (form.isLoggedIn && documents.length > 0) {
      // §4: a document under the tab being left blocks the switch while it uploads or converts; otherwise it is
      // deleted, once the applicant confirmed it (issue 38).
      try {
        const { filesLeaving, leaveDocumentTab } = await import('../upload/tab-guard.js');
        if (!confirmed) {
          const files = await filesLeaving(documents);
          if (files === 'blocked') return setBlocked(true);
          if (files.length > 0) return setAsking({ id, files });
        }
        if ((await leaveDocumentTab(documents)) === 'blocked') return setBlocked(true);
      } catch {
        const { showError } = await import('../ui/toast-bus.js');
        return showError(t('Error handling tabs for {{label}}', { label: node.label }));
      }
    }
    if (form.isLoggedIn && form.persistTab) {
      // §4: the server clears the left tab's answers and deletes its documents; a conversion under way blocks.
      const outcome = await form.persistTab(node.tabs, id, node.label);
      if (outcome === 'blocked') return setBlocked(true);
      if (outcome === 'failed') return;
    }
    form.dispatch({ type: 'tab', tabs: node.tabs, id });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = node.items.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const item = node.items[target];
    if (item) document.getElementById(tabId(item.id))?.focus();
  };
  return (
    <div className="tabs" id={node.tabs}>
      <p id={labelId} className="field__label">
        {node.label}
      </p>
      <div role="tablist" className="tabs__list" aria-labelledby={labelId}>
        {node.items.map((item, index) => (
          <button
            key={item.id}
            type="submit"
            name={POST_FIELDS.action}
            value={`tab:${node.tabs}:${item.id}`}
            role="tab"
            id={tabId(item.id)}
            className="tabs__trigger"
            aria-selected={item.id === current}
            aria-controls={panelId(item.id)}
            data-state={item.id === current ? 'active' : 'inactive'}
            tabIndex={item.id === current || !hydrated ? 0 : -1}
            onKeyDown={(event) => onKeyDown(event, index)}
            onClick={(event) => {
              event.preventDefault();
              void choose(item.id);
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      {node.items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(item.id)}
          className="tabs__panel"
          aria-labelledby={tabId(item.id)}
          tabIndex={0}
          hidden={item.id !== current}
        >
          {item.id === current && render(item.children)}
        </div>
      ))}
      {question && (
        <TabSwitchQuestion
          node={node}
          question={question}
          current={current}
          onSwitch={() => {
            setQuestion(undefined);
            void choose(question.item, true);
          }}
          onKeep={() => setQuestion(undefined)}
        />
      )}
      {blocked && (
        <Suspense fallback={null}>
          <UploadInProgressDialog open onClose={() => setBlocked(false)} />
        </Suspense>
      )}
      {asking && (
        <Suspense fallback={null}>
          <TabSwitchConfirm
            files={asking.files}
            onSwitch={() => {
              setAsking(null);
              void choose(asking.id, true);
            }}
            onKeep={() => setAsking(null)}
            returnFocus={() => document.getElementById(tabId(current))?.focus()}
          />
        </Suspense>
      )}
    </div>
  );
}

const TabSwitchConfirm = lazy(() => import('./TabSwitchConfirm.js').then((m) => ({ default: m.TabSwitchConfirm })));
const UploadInProgressDialog = lazy(() =>
  import('../upload/UploadInProgressDialog.js').then((m) => ({ default: m.UploadInProgressDialog })),
);

/** The document questions shown under one tab item (from the core's flat list of questions and their gates). */
function documentKeysUnder(node: TabsNode, item: string): string[] {
  return allFields()
    .filter(
      ({ question, gates }) =>
        question.kind === 'file' && gates.some((g) => g.gate === 'tab' && g.tabs.tabs === node.tabs && g.item === item),
    )
    .map(({ question }) => question.key);
}

function triggerStates(node: ConfirmationTrigger): TriggerState[] {
  return node.optional && node.optional.length > 0 ? ['before', 'optional', 'after'] : ['before', 'after'];
}

/**
 * Confirmation trigger (§2, §4): shows the `before` content until the applicant confirms, then `after`.
 * A button steps through before → optional (when configured) → after and back to before. A check box
 * switches between before (unticked) and after (ticked); when the definition ties the check box to an
 * answer (e.g. legal_agree) the answer is the state, so it is saved, validated and cleared like any other.
 */
export function ConfirmationTriggerBlock({
  node,
  render,
}: {
  node: ConfirmationTrigger;
  render: (children: ConfirmationTrigger['before']) => ReactNode;
}) {
  const form = useForm();
  const state = useFormState<TriggerState>((snapshot) =>
    node.checkbox ? (snapshot.answers[node.checkbox.key] === true ? 'after' : 'before') : (snapshot.triggers[node.trigger] ?? 'before'),
  );
  const content = state === 'after' ? node.after : state === 'optional' ? (node.optional ?? []) : node.before;
  const set = (next: TriggerState) => form.dispatch({ type: 'trigger', trigger: node.trigger, state: next });
  const states = triggerStates(node);
  const next = states[(states.indexOf(state) + 1) % states.length] ?? 'before';
  const control: ReactNode = node.checkbox ? (
    <CheckboxField q={node.checkbox} />
  ) : node.mode === 'checkbox' ? (
    <div className="choice">
      <input
        type="checkbox"
        id={node.trigger}
        className="choice__input"
        checked={state !== 'before'}
        onChange={(e) => set(e.target.checked ? 'after' : 'before')}
      />
      <label htmlFor={node.trigger} className="choice__label">
        {node.triggerLabel}
      </label>
    </div>
  ) : (
    <button
      type="button"
      id={node.trigger}
      className="button button--secondary"
      aria-pressed={state !== 'before'}
      onClick={() => set(next)}
    >
      {node.triggerLabel}
    </button>
  );
  return (
    <div className="confirmation-trigger" data-state={state}>
      {state === 'before' && render(content)}
      {control}
      {state !== 'before' && render(content)}
    </div>
  );
}
