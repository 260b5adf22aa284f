import * as Dialog from '@radix-ui/react-dialog';
import { UPLOAD_IN_PROGRESS } from '../../contracts/api.js';
import { t } from '../../contracts/i18n/page-text.js';

/** §4: shown when a tab switch is blocked by an upload or a conversion still under way. */
export function UploadInProgressDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className="modal modal--narrow">
          <Dialog.Title className="modal__title">{UPLOAD_IN_PROGRESS.title}</Dialog.Title>
          <Dialog.Description>{t(UPLOAD_IN_PROGRESS.message)}</Dialog.Description>
          <div className="modal__actions">
            <Dialog.Close className="button">{t('OK')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
