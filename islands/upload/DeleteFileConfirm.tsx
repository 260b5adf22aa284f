import { FILE_MESSAGES } from '../../form/documents.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { t } from '../../contracts/i18n/page-text.js';

/** The delete confirmation itself (see DeleteFileDialog, which owns the Delete button that opens it). */
export function DeleteFileConfirm(dialog: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => Promise<void> | void;
  returnFocus: () => void;
}) {
  return <ConfirmDialog {...dialog} title={t(FILE_MESSAGES.deleteConfirm)} keepLabel={t('Cancel')} confirmLabel={t('Delete')} />;
}
