import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { MAX_SAVED_VIEWS, countSavedViews, deleteSavedView, saveView } from '../../db/repos/staff-saved-views.server.js';
import { filterFrom, filterQuery } from './filter.server.js';
import { sendStaffNotice } from './staff-notice.server.js';

const MAX_NAME = 80;

/**
 * Saved views of the list (issue 37): POST /staff/views with the list's filters in its query and a name in its
 * body; POST /staff/views/:id/delete. A staff member sees and changes only their own.
 */
export function savedViewHandlers(services: AppServices) {
  const knex = services.db.knex;

  const save: RequestHandler = async (req, res) => {
    const filter = filterFrom(req, services.now());
    const query = filterQuery(filter);
    const back = { href: `/staff${query}`, label: 'Back to the applications' };
    const raw = (req.body as Record<string, unknown> | undefined)?.name;
    const name = typeof raw === 'string' ? raw.trim().replace(/\s+/g, ' ') : '';
    if (!name || name.length > MAX_NAME) {
      return sendStaffNotice(services, req, res, 400, {
        title: 'Save a view',
        message: `Give the view a name of 1 to ${MAX_NAME} characters.`,
        links: [back],
      });
    }
    const email = res.locals.staff!.email;
    if ((await countSavedViews(knex, email)) >= MAX_SAVED_VIEWS) {
      return sendStaffNotice(services, req, res, 400, {
        title: 'Save a view',
        message: `You have ${MAX_SAVED_VIEWS} saved views, the most there can be. Delete one first.`,
        links: [back],
      });
    }
    await saveView(knex, { staffEmail: email, name, query: query.slice(1), now: services.now() });
    res.redirect(303, `/staff${filterQuery(filter, { done: 'view-saved' })}`);
  };

  const remove: RequestHandler<{ id: string }> = async (req, res) => {
    const id = req.params.id;
    if (!/^\d{1,18}$/.test(id) || !(await deleteSavedView(knex, res.locals.staff!.email, id))) {
      return sendStaffNotice(services, req, res, 404, {
        title: 'Saved view',
        message: 'There is no such saved view of yours. It may have been deleted already.',
      });
    }
    res.redirect(303, '/staff?done=view-deleted');
  };

  return { save, remove };
}
