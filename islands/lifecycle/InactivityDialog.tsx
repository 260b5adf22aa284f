import * as Dialog from '@radix-ui/react-dialog';
import { LEAVE_LABEL, STAY_LABEL, WARNING_TEXT, WARNING_TITLE } from './idle.js';
import { t } from '../../contracts/i18n/page-text.js';

/** §4 'Still working?': the inactivity island's dialog, loaded only when the warning is first due. */
export function InactivityDialog({
  open,
  leaving,
  onStay,
  onLeave,
}: {
  open: boolean;
  leaving: boolean;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        // Escape is an answer too: the applicant is clearly there.
        if (!next) onStay();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className="modal inactivity"
          role="alertdialog"
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className="modal__title">{t(WARNING_TITLE)}</Dialog.Title>
          <Dialog.Description>{t(WARNING_TEXT)}</Dialog.Description>
          <div className="modal__actions">
            <button type="button" className="button" onClick={onStay} disabled={leaving}>
              {t(STAY_LABEL)}
            </button>
            <button type="button" className="button button--secondary" onClick={onLeave} disabled={leaving}>
              {t(LEAVE_LABEL)}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
