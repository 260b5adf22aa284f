import { lazy, Suspense, useRef, useState } from 'react';
import type { Repeater } from '../../form/types.js';
import { POST_FIELDS, removeConfirmId } from '../../contracts/form-post.js';
import { useForm } from './context.js';
import { t } from '../../contracts/i18n/page-text.js';

// The dialog (Radix, about 14 KB gzip) loads when the applicant reaches for Remove, not with every form page.
const loadConfirm = () => import('./RemoveEntryConfirm.js');
const RemoveEntryConfirm = lazy(() => loadConfirm().then((m) => ({ default: m.RemoveEntryConfirm })));

const titleId = (node: Repeater, index: number) => `${node.repeater}-${index}-title`;

/**
 * An added entry's Remove (issue 38): a submit button of the page form, so without scripts the server asks
 * (the page again with the entry's confirmation, `remove:`) and then removes (`remove-yes:`); with scripts it
 * asks in a dialog and removes here. Either way later entries move up and the count goes down by one
 * (form/repeater-remove.ts), and the focus lands on the entry before.
 */
export function RemoveEntry({ node, index, count }: { node: Repeater; index: number; count: number }) {
  const form = useForm();
  const title = node.instanceTitle(index);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const removed = useRef(false);
  // The in-page confirmation (?remove=) is answered once; the entry that moves into this place does not ask.
  const [answered, setAnswered] = useState(false);
  const before = () => document.getElementById(titleId(node, index - 1))?.focus();

  const remove = async () => {
    // Logged in, the lower count is stored first (§4), as adding stores the higher one; the answers follow with the next save.
    if (form.isLoggedIn && form.persistCount && !(await form.persistCount(node.repeater, count - 1))) return;
    form.dispatch({ type: 'remove', node, index, count });
    removed.current = true;
    // The last entry's button goes with it: focus the entry before once the page has re-rendered.
    setTimeout(before, 0);
  };

  if (!answered && form.removeConfirm?.repeater === node.repeater && form.removeConfirm.index === index) {
    // Without scripts: the confirmation in the page (?remove=), its Yes a button of the page form.
    return (
      <div
        id={removeConfirmId(node.repeater, index)}
        className="repeater__confirm"
        role="group"
        aria-labelledby={`${removeConfirmId(node.repeater, index)}-title`}
        tabIndex={-1}
      >
        <p id={`${removeConfirmId(node.repeater, index)}-title`} className="repeater__confirm-title">
          {t('Remove {{title}}?', { title })}
        </p>
        <p>{t('The answers you gave for {{title}} will be deleted.', { title })}</p>
        <div className="repeater__confirm-actions">
          <button
            type="submit"
            name={POST_FIELDS.action}
            value={`remove-yes:${node.repeater}:${index}`}
            className="button button--danger"
            onClick={(event) => {
              event.preventDefault();
              setAnswered(true);
              void remove();
            }}
          >
            {t('Remove {{title}}', { title })}
          </button>
          {/* The page without ?remove=: nothing is removed. */}
          <a href={`?#${titleId(node, index)}`} className="button button--secondary">{`Keep ${title}`}</a>
        </div>
      </div>
    );
  }
  const preload = () => void loadConfirm();
  return (
    <>
      <button
        ref={trigger}
        type="submit"
        name={POST_FIELDS.action}
        value={`remove:${node.repeater}:${index}`}
        className="button button--secondary repeater__remove"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          event.preventDefault();
          removed.current = false;
          setLoaded(true);
          setOpen(true);
        }}
      >
        {t('Remove {{title}}', { title })}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <RemoveEntryConfirm
            title={title}
            open={open}
            onOpenChange={setOpen}
            onConfirm={remove}
            returnFocus={() => (removed.current ? before() : trigger.current?.focus())}
          />
        </Suspense>
      )}
    </>
  );
}
