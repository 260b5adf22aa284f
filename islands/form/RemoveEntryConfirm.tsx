import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';

/** "Remove High School 2?" (issue 38): the dialog itself; RemoveEntry owns the button that opens it. */
export function RemoveEntryConfirm({
  title,
  open,
  onOpenChange,
  onConfirm,
  returnFocus,
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void>;
  returnFocus: () => void;
}) {
  const [working, setWorking] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className="modal modal--narrow"
          // Opened without a Radix trigger: Radix would not know where focus goes back to.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <Dialog.Title className="modal__title">{`Remove ${title}?`}</Dialog.Title>
          <Dialog.Description>{`The answers you gave for ${title} will be deleted.`}</Dialog.Description>
          <div className="modal__actions">
            <Dialog.Close className="button button--secondary">{`Keep ${title}`}</Dialog.Close>
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
              {`Remove ${title}`}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
