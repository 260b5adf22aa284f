import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { t } from '../../contracts/i18n/page-text.js';

/** "Remove High School 2?" (issue 38): the dialog itself; RemoveEntry owns the button that opens it. */
export function RemoveEntryConfirm({
  title,
  ...dialog
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void>;
  returnFocus: () => void;
}) {
  return (
    <ConfirmDialog
      {...dialog}
      title={t('Remove {{title}}?', { title })}
      description={t('The answers you gave for {{title}} will be deleted.', { title })}
      keepLabel={t('Keep {{title}}', { title })}
      confirmLabel={t('Remove {{title}}', { title })}
    />
  );
}
