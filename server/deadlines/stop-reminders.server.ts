import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { accountOfStopToken, STOP_REMINDERS_PREFIX } from '../../domain/deadlines/reminder-token.server.js';
import { optOutOfReminders } from '../../db/repos/deadlines.server.js';
import { sendNoticePage } from '../notice-page.server.js';

export const STOP_REMINDERS_PATH = `${STOP_REMINDERS_PREFIX}:token`;

const BROKEN = {
  kind: 'notice',
  title: 'This link does not work',
  message: 'The link may be incomplete or too old. You can still stop the reminders from the newest reminder e-mail.',
} as const;

/**
 * The page the link opens and its one button. Opening the link changes nothing (mail scanners open links); only
 * the POST of "Stop deadline reminders" records the choice, for the account the token names.
 */
export function stopRemindersHandlers(services: AppServices) {
  const userOf = (token: unknown) => accountOfStopToken(services.config.sessionSecret, token, services.now());
  const page: RequestHandler<{ token: string }> = async (req, res) => {
    if (!userOf(req.params.token)) return sendNoticePage(services, req, res, 404, BROKEN);
    res.setHeader('Referrer-Policy', 'no-referrer');
    await sendNoticePage(services, req, res, 200, {
      kind: 'notice',
      title: 'Deadline reminders',
      message: 'We e-mail a reminder 7 days, 2 days and 6 hours before the application deadline while your application is not submitted.',
      action: { label: 'Stop deadline reminders' },
    });
  };
  const stop: RequestHandler<{ token: string }> = async (req, res) => {
    const userId = userOf(req.params.token);
    if (!userId) return sendNoticePage(services, req, res, 404, BROKEN);
    await optOutOfReminders(services.db.knex, userId, services.now());
    await sendNoticePage(services, req, res, 200, {
      kind: 'notice',
      title: 'Deadline reminders stopped',
      message: 'We will not send you any more deadline reminders. Your application and your account are unchanged.',
    });
  };
  return { page, stop };
}
