import * as Dialog from '@radix-ui/react-dialog';
import { TAB_SWITCH_MESSAGES, namedFiles } from '../../form/tab-switch.js';
import { t } from '../../contracts/i18n/page-text.js';

/**
 * Issue 38: asks before a tab switch deletes uploaded files, naming them. Loaded only when a switch would (Radix
 * is not in the form's first chunk). "Keep it", Escape or the overlay leave the tab and the files as they were.
 */
export function TabSwitchConfirm({
  files,
  onSwitch,
  onKeep,
  returnFocus,
}: {
  files: readonly string[];
  onSwitch: () => void;
  onKeep: () => void;
  returnFocus: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onKeep()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className="modal modal--narrow"
          aria-describedby={undefined}
          // Opened by the tab's click, not by a Radix trigger: focus goes back to the tab the applicant is on.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <Dialog.Title className="modal__title">{t('Switching removes {{files}}', { files: namedFiles(files, t('and')) })}</Dialog.Title>
          <div className="modal__actions">
            <button type="button" className="button button--danger" onClick={onSwitch}>
              {t(TAB_SWITCH_MESSAGES.switch)}
            </button>
            <Dialog.Close className="button button--secondary">{t(TAB_SWITCH_MESSAGES.keep)}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
