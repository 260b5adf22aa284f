import type { FormPageData } from '../../../contracts/page-data.js';
import { PAGE_CHANGE_MARKER_ATTRIBUTE } from '../../../contracts/page-change.js';
import { Island } from '../../../islands/Island.js';
import { AccountPopover } from '../../../islands/AccountPopover.island.js';
import { Inactivity } from '../../../islands/Inactivity.island.js';
import { Toaster } from '../../../islands/Toaster.island.js';

/**
 * The form shell's header slot: the §2 account popover, never for staff. Its code loads when the visitor
 * reaches for it (a first-time visitor's page loads no JavaScript until an interaction).
 */
export function AccountSlot({ data, carryForm }: { data: FormPageData | undefined; carryForm?: string | undefined }) {
  if (!data || data.is_service_user) return null;
  const props = { isLoggedIn: data.is_logged_in, username: data.username, ...(carryForm && !data.is_logged_in ? { carryForm } : {}) };
  return <Island name="AccountPopover" component={AccountPopover} props={props} hydrate="interaction" />;
}

/**
 * The lifecycle parts of a page that are not in its layout: for a logged-in student the session's page-change
 * marker and the inactivity modal; for everyone but staff the page's toaster. The toaster's code (Radix toast,
 * about 7 KB gzip) loads only when a toast is raised or a flash message waits (islands/hydrate.ts): most pages
 * never show one, logged in or not.
 */
export function ShellLifecycle({
  data,
}: {
  data: { is_logged_in: boolean; is_service_user?: boolean; page_change_marker?: string | null } | undefined;
}) {
  const marker = data?.is_logged_in ? data.page_change_marker : null;
  return (
    <>
      {marker ? <div hidden {...{ [PAGE_CHANGE_MARKER_ATTRIBUTE]: marker }} /> : null}
      {data?.is_logged_in ? <Island name="Inactivity" component={Inactivity} props={{}} /> : null}
      {data?.is_service_user ? null : <Island name="Toaster" component={Toaster} props={{}} hydrate="toast" />}
    </>
  );
}
