import * as Popover from '@radix-ui/react-popover';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { LogoutForm } from './auth/LogoutForm.js';
import { createHoverIntent, POPOVER_OFFSET, type HoverIntent } from './lifecycle/hover-intent.js';
import { logoutByChoice } from './lifecycle/logout.js';
import { POST_FIELDS } from '../contracts/form-post.js';
import { EmailText } from './ui/EmailText.js';
import { FAMILY_ROUTE, YOUR_DATA_ROUTE } from '../contracts/routes.js';
import { PASSKEYS_ROUTE, PASSKEY_TEXTS } from '../contracts/passkeys.js';
import { t } from '../contracts/i18n/page-text.js';

export interface AccountPopoverProps {
  isLoggedIn: boolean;
  /** The logged-in student's e-mail (shown in lowercase). */
  username: string | null;
  /**
   * A visitor on a form page: the id of the page's form. Without scripts, Sign In and Create Account post it (as
   * `@go`), so the server keeps what was typed for the account (DESIGN §6); a link would leave it behind.
   */
  carryForm?: string;
}

type OpenedBy = 'hover' | 'click';

/**
 * §2 account popover, trigger 'Account' (not rendered for staff). Logged in: the e-mail in lowercase, "Your
 * data", "Passkeys" and Log Out (unsaved answers are saved first). Logged out: Sign In and Create Account; the answers typed so
 * far already wait in this tab's navigation state (the form island keeps them there), so they come along.
 */
export function AccountPopover({ isLoggedIn, username, carryForm }: AccountPopoverProps) {
  const [open, setOpen] = useState(false);
  const openedBy = useRef<OpenedBy | null>(null);
  const openRef = useRef(false);
  const intent = useRef<HoverIntent | null>(null);

  function change(next: boolean, by: OpenedBy = 'click') {
    openRef.current = next;
    // Kept after closing: onCloseAutoFocus needs to know how it was opened.
    if (next) openedBy.current = by;
    if (!next) intent.current?.closed();
    setOpen(next);
  }

  useEffect(() => {
    intent.current = createHoverIntent({
      isOpen: () => openRef.current,
      closesOnLeave: () => openRef.current && openedBy.current === 'hover',
      open: () => change(true, 'hover'),
      close: () => change(false),
    });
    return () => intent.current?.dispose();
  }, []);

  const mouseOnly = (run: () => void) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') run();
  };
  const hoverHandlers = {
    onPointerEnter: mouseOnly(() => intent.current?.enter()),
    onPointerLeave: mouseOnly(() => intent.current?.leave()),
  };

  return (
    <Popover.Root open={open} onOpenChange={(next) => change(next)}>
      <Popover.Trigger
        className="account__trigger"
        {...hoverHandlers}
        onClick={(event) => {
          // A click on a popover that hovering opened keeps it open (it is now "pinned"), instead of toggling.
          event.preventDefault();
          intent.current?.cancel();
          if (open && openedBy.current === 'hover') openedBy.current = 'click';
          else change(!open);
        }}
      >
        {t('Account')}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="account__content"
          sideOffset={POPOVER_OFFSET}
          align="end"
          aria-label={t('Account')}
          {...hoverHandlers}
          onOpenAutoFocus={(event) => {
            // Hovering must not move the keyboard focus; a click or a key does (to the first item).
            if (openedBy.current === 'hover') event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            if (openedBy.current === 'hover') event.preventDefault();
          }}
        >
          <AccountActions isLoggedIn={isLoggedIn} username={username} run={() => logoutByChoice()} />
        </Popover.Content>
      </Popover.Portal>
      {/* Without scripts the popover cannot open: the same actions, as plain links and a logout form. */}
      <noscript>
        <div className="account__fallback">
          <AccountActions isLoggedIn={isLoggedIn} username={username} {...(carryForm ? { carryForm } : {})} />
        </div>
      </noscript>
    </Popover.Root>
  );
}

/** What the popover offers: logged in, the e-mail, "Your data" (issue 38), "Passkeys" (issue 41), "Family access" (issue 39) and Log Out; logged out, Sign In and Create Account. */
function AccountActions({ isLoggedIn, username, carryForm, run }: AccountPopoverProps & { run?: () => Promise<void> }) {
  if (isLoggedIn) {
    return (
      <>
        <p className="account__email">
          <EmailText email={(username ?? '').toLowerCase()} />
        </p>
        <a className="button button--secondary account__action" href={YOUR_DATA_ROUTE}>
          {t('Your data')}
        </a>
        <a className="button button--secondary account__action" href={PASSKEYS_ROUTE}>
          {t(PASSKEY_TEXTS.menuLink)}
        </a>
        <a className="button button--secondary account__action" href={FAMILY_ROUTE}>
          {t('Family access')}
        </a>
        <LogoutForm className="button button--secondary account__action" run={run} />
      </>
    );
  }
  if (carryForm) {
    return (
      <>
        <button type="submit" form={carryForm} name={POST_FIELDS.go} value="/login" className="button account__action">
          {t('Sign In')}
        </button>
        <button type="submit" form={carryForm} name={POST_FIELDS.go} value="/signup" className="button button--secondary account__action">
          {t('Create Account')}
        </button>
      </>
    );
  }
  return (
    <>
      <a className="button account__action" href="/login">
        {t('Sign In')}
      </a>
      <a className="button button--secondary account__action" href="/signup">
        {t('Create Account')}
      </a>
    </>
  );
}
