import { lazy, Suspense, useRef, useState } from 'react';
import { t } from '../../contracts/i18n/page-text.js';

// The confirmation (Radix dialog, about 14 KB gzip) loads when the applicant reaches for Delete, not with the
// upload control: most applicants never delete a file.
const loadConfirm = () => import('./DeleteFileConfirm.js');
const DeleteFileConfirm = lazy(() => loadConfirm().then((m) => ({ default: m.DeleteFileConfirm })));

/** §5: delete asks 'Are you sure you want to delete your file?' with Cancel and Delete. */
export function DeleteFileDialog({ fileName, onConfirm }: { fileName: string; onConfirm: () => Promise<void> | void }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const preload = () => void loadConfirm();
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="button button--secondary upload__delete"
        aria-label={t('Delete {{file}}', { file: fileName })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {t('Delete')}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <DeleteFileConfirm open={open} onOpenChange={setOpen} onConfirm={onConfirm} returnFocus={() => trigger.current?.focus()} />
        </Suspense>
      )}
    </>
  );
}
