import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';

/**
 * A confirmation before something is deleted (a file, an added entry): keep it, or go ahead. Opened without a Radix
 * trigger (the caller owns the button), so focus is handed back by `returnFocus`. The dialog stays until the
 * confirmed action has finished, its button disabled meanwhile.
 */
export function ConfirmDialog({
  title,
  description,
  keepLabel,
  confirmLabel,
  open,
  onOpenChange,
  onConfirm,
  returnFocus,
}: {
  title: string;
  description?: string;
  keepLabel: string;
  confirmLabel: string;
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
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          {description ? <Dialog.Description>{description}</Dialog.Description> : null}
          <div className="modal__actions">
            <Dialog.Close className="button button--secondary">{keepLabel}</Dialog.Close>
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
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
