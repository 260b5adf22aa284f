import type { AppServices } from '../../platform/app-services.server.js';
import type { Row } from '../route-rows.server.js';
import { officePage } from '../office-page.server.js';
import { requireRole } from '../staff/require-role.server.js';
import { DEADLINES_PAGE, extendDeadlineHandler } from './extend.server.js';
import { stopRemindersHandlers, STOP_REMINDERS_PATH } from './stop-reminders.server.js';

/**
 * The deadlines' rows of the route map (issue 40), spliced into server/routes.server.ts after the /staff prefix
 * (staff session, form body): the office's page and its extension, and the reminder e-mail's unsubscribe link.
 */
export function deadlineRoutes(s: AppServices): Row[] {
  const lead = requireRole(s, 'lead');
  const stop = stopRemindersHandlers(s);
  // The table's columns are aligned by hand, to be read down: not reflowed by the formatter.
  // prettier-ignore
  return [
    { kind: 'route', method: 'GET', path: DEADLINES_PAGE, guard: 'staff', stack: [lead, officePage(s)] },
    { kind: 'route', method: 'POST', path: `${DEADLINES_PAGE}/extend`, guard: 'staff', stack: [lead, extendDeadlineHandler(s)] },
    // The token is the key (no account needed): GET only shows the button, the POST records the choice.
    { kind: 'route', method: 'GET', path: STOP_REMINDERS_PATH, guard: 'signed', stack: [stop.page] },
    { kind: 'route', method: 'POST', path: STOP_REMINDERS_PATH, guard: 'signed', stack: [stop.stop] },
  ];
}
