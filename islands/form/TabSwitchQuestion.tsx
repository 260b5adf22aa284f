import type { Tabs } from '../../form/types.js';
import { TAB_SWITCH_MESSAGES, namedFiles } from '../../form/tab-switch.js';
import { POST_FIELDS, tabSwitchId, type TabSwitchQuestion as Question } from '../../contracts/form-post.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * Without scripts (issue 38): the page came back from a tab switch that would delete uploaded files, to ask first.
 * Both answers are submit buttons of the page's form: "Switch and remove …" posts the confirmed switch, "Keep it"
 * chooses the tab already chosen (nothing changes). What was typed on the page is saved by either.
 */
export function TabSwitchQuestion({
  node,
  question,
  current,
  onSwitch,
  onKeep,
}: {
  node: Tabs;
  question: Question;
  current: string;
  onSwitch: () => void;
  onKeep: () => void;
}) {
  const id = tabSwitchId(node.tabs);
  return (
    <div id={id} className="tabs__switch" role="group" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <p id={`${id}-title`} className="tabs__switch-title">
        {TAB_SWITCH_MESSAGES.question(question.files)}
      </p>
      <div className="modal__actions">
        <button
          type="submit"
          name={POST_FIELDS.action}
          value={`switch:${node.tabs}:${question.item}`}
          className="button button--danger"
          onClick={(event) => {
            // Hydrated (the page came back before scripts ran): the island switches, as a tab's click would.
            event.preventDefault();
            onSwitch();
          }}
        >
          {t('Switch and remove {{files}}', { files: namedFiles(question.files, t('and')) })}
        </button>
        <button
          type="submit"
          name={POST_FIELDS.action}
          value={`tab:${node.tabs}:${current}`}
          className="button button--secondary"
          onClick={(event) => {
            event.preventDefault();
            onKeep();
          }}
        >
          {TAB_SWITCH_MESSAGES.keep}
        </button>
      </div>
    </div>
  );
}
