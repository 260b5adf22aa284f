import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Response } from 'express';
import { formatDeskTime } from '../../form/local-time.js';
import type { StaffUser } from './staff-session.server.js';

/**
 * Staff pages are plain server-rendered HTML (React to static markup, no islands, no script): GET forms for
 * filters, POST forms for actions, so they work without JavaScript and by keyboard (ADR 0170).
 */
export function StaffLayout({ title, staff, children, refreshTo }: { title: string; staff: StaffUser | null; children: ReactNode; refreshTo?: string }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/staff/staff.css" />
        {refreshTo ? <meta httpEquiv="refresh" content={`0;url=${refreshTo}`} /> : null}
        <title>{`${title} - Staff desk - Freshman Application`}</title>
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to main content
        </a>
        <header>
          <span>
            <strong>Freshman Application</strong> staff desk
          </span>
          {staff ? (
            <nav aria-label="Staff desk">
              <ul>
                <li>
                  <a href="/staff">Applications</a>
                </li>
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
                  <span className="who">{staff.email}</span>{' '}
                  <form method="post" action="/staff/sign-out">
                    <button type="submit">Sign out</button>
                  </form>
                </li>
              </ul>
            </nav>
          ) : null}
        </header>
        <main id="main">
          <h1>{title}</h1>
          {children}
        </main>
      </body>
    </html>
  );
}

/** A time as staff pages show it, in the university's zone, named: "2026-11-25 23:30 MST" (or with seconds); '' for none. */
export function deskTime(d: Date | string | null, timeZone: string, precision: 'minutes' | 'seconds' = 'minutes'): string {
  return d ? formatDeskTime(d, timeZone, precision) : '';
}

export function sendStaffPage(res: Response, status: number, page: ReactNode): void {
  res.status(status);
  res.setHeader('Cache-Control', 'no-store');
  res.type('html').send(`<!doctype html>\n${renderToStaticMarkup(page)}`);
}

export function sendStaffMessage(res: Response, status: number, title: string, staff: StaffUser | null, message: ReactNode): void {
  sendStaffPage(
    res,
    status,
    <StaffLayout title={title} staff={staff}>
      <p>{message}</p>
    </StaffLayout>,
  );
}
