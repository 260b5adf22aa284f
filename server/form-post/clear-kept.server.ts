import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { setFlash } from '../auth/flash.server.js';
import { KEPT_CLEAR_BACK, KEPT_CLEARED_MESSAGE, keptClearReturn } from '../../contracts/kept-answers.js';
import { clearBrowserKeptAnswers } from './kept-answers.server.js';

/**
 * POST /kept-answers/clear, a plain form (no scripts needed; the Origin check covers it as every post): whoever sits
 * at a shared computer removes what it keeps of someone else's answers, then is back on the page, told so.
 */
export function clearKeptAnswersHandler(services: AppServices): RequestHandler {
  return async (req, res) => {
    await clearBrowserKeptAnswers(services, req, res);
    setFlash(services, res, { kind: 'success', message: KEPT_CLEARED_MESSAGE });
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, keptClearReturn((req.body as Record<string, unknown> | undefined)?.[KEPT_CLEAR_BACK]));
  };
}
