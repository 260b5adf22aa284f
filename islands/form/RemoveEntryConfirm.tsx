import { ConfirmDialog } from '../ui/ConfirmDialog.js';

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
      title={`Remove ${title}?`}
      description={`The answers you gave for ${title} will be deleted.`}
      keepLabel={`Keep ${title}`}
      confirmLabel={`Remove ${title}`}
    />
  );
}
