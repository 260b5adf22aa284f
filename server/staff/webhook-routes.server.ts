import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { findWebhookEvent, resetWebhookEvent } from '../../db/repos/webhook-events.server.js';
import { enqueueWebhookDelivery } from '../integration/webhook-outbox.server.js';
import { audit } from './audit.server.js';

/** A failed webhook delivery queued again (the list is the page /staff/webhooks). */
export function webhookHandlers(services: AppServices) {
  const knex = services.db.knex;

  const retry: RequestHandler<{ id: string }> = async (req, res) => {
    const id = req.params.id;
    const event = /^\d{1,18}$/.test(id) ? await findWebhookEvent(knex, id) : null;
    if (!event) throw new HttpError(404, 'No such delivery.');
    if (await resetWebhookEvent(knex, id)) {
      await enqueueWebhookDelivery(services, id);
      await audit(services, req, res, 'retry-webhook', { userId: event.user_id, detail: { event: `evt_${id}` } });
    }
    res.redirect(303, '/staff/webhooks?retried=1');
  };

  return { retry };
}
