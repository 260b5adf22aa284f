import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { findWebhookEvent, listUndelivered, resetWebhookEvent } from '../../db/repos/webhook-events.server.js';
import { enqueueWebhookDelivery } from '../integration/webhook-outbox.server.js';
import { StaffLayout, sendStaffPage, deskTime } from './html.server.js';
import { audit } from './audit.server.js';


/** Webhook deliveries not (yet) made: failed ones first, each retryable. */
export function webhookHandlers(services: AppServices) {
  const knex = services.db.knex;

  const list: RequestHandler = async (req, res) => {
    const rows = await listUndelivered(knex, 200);
    sendStaffPage(
      res,
      200,
      <StaffLayout title="Webhook deliveries" staff={res.locals.staff!}>
        {req.query.retried ? <p role="status">The delivery was queued again.</p> : null}
        <p>{services.config.webhook ? 'Submission events go to the configured WEBHOOK_URL.' : 'No WEBHOOK_URL is configured: no events are sent.'}</p>
        <table>
          <caption>Deliveries that failed or are still being attempted</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Application</th>
              <th scope="col">State</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last attempt</th>
              <th scope="col">Last error</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>evt_{row.id}</td>
                <td>{row.applicant ?? ''}</td>
                <td>{row.status === 'failed' ? 'Failed' : 'Retrying'}</td>
                <td>{row.attempts}</td>
                <td>{deskTime(row.last_attempt_at, services.config.timeZone, 'seconds')}</td>
                <td>{row.last_error ?? ''}</td>
                <td>
                  {row.status === 'failed' ? (
                    <form method="post" action={`/staff/webhooks/${row.id}/retry`}>
                      <button type="submit">Retry evt_{row.id}</button>
                    </form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 ? <p>Every event has been delivered.</p> : null}
      </StaffLayout>,
    );
  };

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

  return { list, retry };
}
