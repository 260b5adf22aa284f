import type { RequestHandler } from 'express';
import type { AppServices } from '../../platform/app-services.server.js';
import { HttpError } from '../../platform/http-error.server.js';
import { readPrefillToken } from './prefill-token.server.js';

export const PREFILL_INVALID = 'This link is not valid or has expired.';

/** §7 GET /public/tmp?token=: answers of a temporary link, for pre-filling the form. */
export function prefillHandlers(services: AppServices) {
  const tmp: RequestHandler = (req, res) => {
    const result = readPrefillToken(services.config.sessionSecret, req.query.token, services.now());
    if (!result.ok) throw new HttpError(result.expired ? 410 : 400, PREFILL_INVALID);
    res.json(result.answers);
  };
  return { tmp };
}
