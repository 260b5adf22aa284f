import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { officePage } from '../office-page.server.js';
import { requireRole } from '../staff/require-role.server.js';
import { readerAccess } from './reader-page.server.js';
import { reviewPost } from './review-post.server.js';
import { documentFrame } from './document-frame.server.js';
import { assignPost } from './assign-page.server.js';
import { committeeHandlers } from './committee-page.server.js';
import { letterPost } from './letters-page.server.js';
import { releaseHandlers } from './release-posts.server.js';

/** A row of the route map (server/routes.server.ts), spelled here without importing the table (no cycle). */
interface ReadingRow {
  kind: 'route';
  method: 'GET' | 'POST';
  path: string;
  guard: 'staff';
  stack: Array<RequestHandler<any>>;
}

const row = (method: 'GET' | 'POST', path: string, ...stack: Array<RequestHandler<any>>): ReadingRow => ({
  kind: 'route',
  method,
  path,
  guard: 'staff',
  stack,
});

/**
 * The reading pages (issue 37, docs/reading.md), after the /staff prefix's body parser and session. GET rows
 * render vike pages (pages/(office)/staff/…); POST rows are thin handlers that redirect or show the page again.
 */
export function readingRoutes(s: AppServices): ReadingRow[] {
  const lead = requireRole(s, 'lead');
  const reader = readerAccess(s);
  const committee = committeeHandlers(s);
  const releases = releaseHandlers(s);
  // The table's columns are aligned by hand, to be read down: not reflowed by the formatter.
  // prettier-ignore
  return [
    row('GET', '/staff/queue', officePage(s)),
    row('GET', '/staff/queue/:id', reader, officePage(s)),
    row('POST', '/staff/queue/:id/review', reader, reviewPost(s)),
    row('GET', '/staff/queue/:id/documents/:key', reader, documentFrame(s)),
    row('GET', '/staff/reading', lead, officePage(s)),
    row('POST', '/staff/reading/assign', lead, assignPost(s)),
    row('GET', '/staff/committee', lead, officePage(s)),
    row('POST', '/staff/committee/:id/letter', lead, committee.preview),
    row('POST', '/staff/committee/:id/decision', lead, committee.decide),
    row('GET', '/staff/letters', lead, officePage(s)),
    row('POST', '/staff/letters/:decision', lead, letterPost(s)),
    row('GET', '/staff/releases', lead, officePage(s)),
    row('POST', '/staff/releases/preview', lead, releases.preview),
    row('POST', '/staff/releases/release', lead, releases.releaseNow),
    row('POST', '/staff/releases/schedule', lead, releases.schedule),
    row('POST', '/staff/releases/batches/:id/remove', lead, releases.remove),
    row('POST', '/staff/releases/batches/:id/cancel', lead, releases.cancel),
  ];
}
