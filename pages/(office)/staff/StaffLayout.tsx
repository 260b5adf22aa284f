import type { ReactNode } from 'react';
import { OfficeLayout } from '../OfficeLayout.js';
import { usePageContext } from '../../page-context.js';

/** The staff desk's pages: the office layout with the desk's navigation and the staff member's sign-out. */
export function StaffLayout({ title, staffEmail, children }: { title: string; staffEmail: string | null; children: ReactNode }) {
  // The same links on every desk page for one person: only what their role can open (a reader would meet 403s).
  const role = usePageContext().office?.staffRole ?? null;
  const isLead = role === 'lead' || role === 'admin';
  const isAdmin = role === 'admin';
  const nav = staffEmail ? (
    <nav aria-label="Staff desk">
      <ul>
        <li>
          <a href="/staff">Applications</a>
        </li>
        <li>
          <a href="/staff/queue">My queue</a>
        </li>
        {isLead ? (
          <>
            <li>
              <a href="/staff/reading">Reading</a>
            </li>
            <li>
              <a href="/staff/committee">Committee</a>
            </li>
            <li>
              <a href="/staff/letters">Letters</a>
            </li>
            <li>
              <a href="/staff/releases">Releases</a>
            </li>
          </>
        ) : null}
        {isAdmin ? (
          <li>
            <a href="/staff/audit">Audit trail</a>
          </li>
        ) : null}
        <li>
          <a href="/staff/exports">PDF bundles</a>
        </li>
        <li>
          <a href="/staff/webhooks">Webhook deliveries</a>
        </li>
        {isLead ? (
          <li>
            <a href="/staff/deadlines">Deadlines</a>
          </li>
        ) : null}
        <li>
          <span className="who">{staffEmail}</span>{' '}
          <form method="post" action="/staff/sign-out">
            <button type="submit">Sign out</button>
          </form>
        </li>
      </ul>
    </nav>
  ) : null;
  return (
    <OfficeLayout
      brand={
        <>
          <strong>Freshman Application</strong> staff desk
        </>
      }
      title={title}
      nav={nav}
    >
      {children}
    </OfficeLayout>
  );
}
