import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { FILE_MESSAGES } from '../../form/documents.js';

/** The delete confirmation itself (see DeleteFileDialog, which owns the Delete button that opens it). */
export function DeleteFileConfirm({
  open,
  onOpenChange,
  onConfirm,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void> | void;
  returnFocus: () => void;
}) {
  const [working, setWorking] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className="modal modal--narrow"
          aria-describedby={undefined}
          // Without a Radix trigger the dialog does not know where to return focus: back to the Delete button.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <Dialog.Title className="modal__title">{FILE_MESSAGES.deleteConfirm}</Dialog.Title>
          <div className="modal__actions">
            <Dialog.Close className="button button--secondary">Cancel</Dialog.Close>
            <button
              type="button"
              className="button button--danger"
              disabled={working}
              onClick={async () => {
                setWorking(true);
                try {
                  await onConfirm();
                } finally {
                  setWorking(false);
                  onOpenChange(false);
                }
              }}
            >
              Delete
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
