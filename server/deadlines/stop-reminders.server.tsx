import type { RequestHandler, Response } from 'express';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AppServices } from '../../platform/app-services.server.js';
import { accountOfStopToken, STOP_REMINDERS_PREFIX } from '../../domain/deadlines/reminder-token.server.js';
import { optOutOfReminders } from '../../db/repos/deadlines.server.js';

export const STOP_REMINDERS_PATH = `${STOP_REMINDERS_PREFIX}:token`;

function send(res: Response, status: number, heading: string, body: React.ReactNode): void {
  const html = renderToStaticMarkup(
    <main id="main">
      <h1>{heading}</h1>
      {body}
    </main>,
  );
  res
    .status(status)
    .type('html')
    .set('Cache-Control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading} - Freshman Application</title></head><body>${html}</body></html>`,
    );
}

/**
 * The page the link opens and its one button. Opening the link changes nothing (mail scanners open links); only
 * the POST of "Stop deadline reminders" records the choice, for the account the token names.
 */
export function stopRemindersHandlers(services: AppServices) {
  const userOf = (token: unknown) => accountOfStopToken(services.config.sessionSecret, token, services.now());
  const broken = (res: Response) =>
    send(
      res,
      404,
      'This link does not work',
      <p>The link may be incomplete or too old. You can still stop the reminders from the newest reminder e-mail.</p>,
    );
  const page: RequestHandler<{ token: string }> = (req, res) => {
    if (!userOf(req.params.token)) return broken(res);
    send(
      res,
      200,
      'Deadline reminders',
      <>
        <p>We e-mail a reminder 7 days, 2 days and 6 hours before the application deadline while your application is not submitted.</p>
        <form method="post">
          <button type="submit">Stop deadline reminders</button>
        </form>
      </>,
    );
  };
  const stop: RequestHandler<{ token: string }> = async (req, res) => {
    const userId = userOf(req.params.token);
    if (!userId) return broken(res);
    await optOutOfReminders(services.db.knex, userId, services.now());
    send(
      res,
      200,
      'Deadline reminders stopped',
      <p>We will not send you any more deadline reminders. Your application and your account are unchanged.</p>,
    );
  };
  return { page, stop };
}
