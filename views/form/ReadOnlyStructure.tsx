import type { ReactNode } from 'react';
import type { ConfirmationTrigger, Repeater, Tabs } from '../../form/types.js';
import { chosenTab } from '../../form/ui-defaults.js';
import { localKeys } from '../../form/blocks.js';
import { repeaterMax } from '../../form/repeater-count.js';
import { useReadOnly } from './read-only-context.js';
import { ReadOnlyField } from './ReadOnlyField.js';

/** An add-another's instances as shown (`count`), each under its title; nothing to add on a read-only page. */
export function ReadOnlyRepeater({
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
  const shown = Math.min(Math.max(count, 1), repeaterMax(node));
  const Title = `h${Math.min(level, 6)}` as 'h3';
  return (
    <div className="repeater" id={node.repeater}>
      {Array.from({ length: shown }, (_, index) => (
        // A named group rather than a section: instance titles may repeat a section's title, and landmarks must be unique.
        // The title keeps the form's tabIndex, so this markup is the form's, answers aside.
        <div key={index} role="group" className="repeater__item" aria-labelledby={`${node.repeater}-${index}-title`}>
          <Title id={`${node.repeater}-${index}-title`} className="repeater__title" tabIndex={-1}>
            {node.instanceTitle(index)}
          </Title>
          {renderInstance(index)}
        </div>
      ))}
    </div>
  );
}

/** Tabs as an answer: the tabs' question, the tab chosen, then what was answered under it. */
export function ReadOnlyTabs({ node, render }: { node: Tabs; render: (children: Tabs['items'][number]['children']) => ReactNode }) {
  const { tabs } = useReadOnly();
  const current = chosenTab(node, tabs[node.tabs]);
  const item = node.items.find((i) => i.id === current) ?? node.items[0];
  // Tabs that hold no question (information for the applicant, e.g. what happens after applying) are no answer.
  return item && localKeys(node.items.flatMap((i) => i.children)).size > 0 ? (
    <div className="tabs tabs--readonly">
      <div className="readonly-field">
        <span className="readonly-field__label">{node.label}</span>
        <span className="readonly-field__value">{item.label}</span>
      </div>
      {render(item.children)}
    </div>
  ) : null;
}

/**
 * A confirmation trigger in the state its answer (or the given trigger state) puts it: the content of that state,
 * and a check box tied to an answer (legal_agree) as that answer. A button or an untied box is no answer.
 */
export function ReadOnlyTrigger({
  node,
  render,
}: {
  node: ConfirmationTrigger;
  render: (children: ConfirmationTrigger['before']) => ReactNode;
}) {
  const { answers, triggers } = useReadOnly();
  const state = node.checkbox ? (answers[node.checkbox.key] === true ? 'after' : 'before') : (triggers[node.trigger] ?? 'before');
  const content = state === 'after' ? node.after : state === 'optional' ? (node.optional ?? []) : node.before;
  const control = node.checkbox ? <ReadOnlyField q={node.checkbox} /> : null;
  return (
    <div className="confirmation-trigger" data-state={state}>
      {state === 'before' && render(content)}
      {control}
      {state !== 'before' && render(content)}
    </div>
  );
}
