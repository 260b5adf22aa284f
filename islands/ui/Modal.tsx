import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { t } from '../../contracts/i18n/page-text.js';

/** An accessible modal dialog (Radix): focus trapped, Escape closes, focus returns to the trigger. */
export function Modal({
  triggerLabel,
  title,
  children,
  triggerClassName = 'link-button',
  width = 'narrow',
}: {
  triggerLabel: string;
  title: string;
  children: ReactNode;
  triggerClassName?: string;
  width?: 'narrow' | 'medium' | 'wide';
}) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className={triggerClassName}>{triggerLabel}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content className={`modal modal--${width}`} aria-describedby={undefined}>
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          <div className="modal__body">{children}</div>
          <Dialog.Close className="button button--secondary modal__close">{t('Close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
