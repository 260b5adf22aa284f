import type { ReactNode } from 'react';
import { OfficeLayout } from '../OfficeLayout.js';

/** The staff desk's pages: the office layout with the desk's navigation and the staff member's sign-out. */
export function StaffLayout({
  title,
  staffEmail,
  isLead = false,
  children,
}: {
  title: string;
  staffEmail: string | null;
  isLead?: boolean;
  children: ReactNode;
}) {
  const nav = staffEmail ? (
    <nav aria-label="Staff desk">
      <ul>
        <li>
          <a href="/staff">Applications</a>
        </li>
        <li>
          <a href="/staff/queue">My queue</a>
        </li>
        {/* The lead's reading pages (issue 37); a reader would only meet their 403. */}
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
        <li>
          <a href="/staff/audit">Audit trail</a>
        </li>
        <li>
          <a href="/staff/exports">PDF bundles</a>
        </li>
        <li>
          <a href="/staff/webhooks">Webhook deliveries</a>
        </li>
        <li>
          <a href="/staff/deadlines">Deadlines</a>
        </li>
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
