import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { FILE_MESSAGES } from '../../form/documents.js';

/** §5: delete asks 'Are you sure you want to delete your file?' with Cancel and Delete. */
export function DeleteFileDialog({ fileName, onConfirm }: { fileName: string; onConfirm: () => Promise<void> | void }) {
  const [open, setOpen] = useState(false);
  const [working, setWorking] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="button button--secondary upload__delete" aria-label={`Delete ${fileName}`}>
        Delete
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className="modal modal--narrow" aria-describedby={undefined}>
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
                  setOpen(false);
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
