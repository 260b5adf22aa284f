import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { reload, UNEXPECTED_ERROR_MESSAGE, UNEXPECTED_ERROR_TITLE } from './IslandBoundary.js';
import { t } from '../../contracts/i18n/page-text.js';

/** The §8 'Unexpected Error' modal, open at first; closing it leaves the inline notice in the island's place. */
export function UnexpectedErrorDialog() {
  const [open, setOpen] = useState(true);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className="modal modal--narrow" role="alertdialog" aria-describedby="unexpected-error-message">
          <Dialog.Title className="modal__title">{t(UNEXPECTED_ERROR_TITLE)}</Dialog.Title>
          <p id="unexpected-error-message">{t(UNEXPECTED_ERROR_MESSAGE)}</p>
          <div className="modal__actions">
            <button type="button" className="button" onClick={reload}>
              {t('Reload the page')}
            </button>
            <Dialog.Close className="button button--secondary">{t('Close')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
