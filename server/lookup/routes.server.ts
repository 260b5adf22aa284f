import type { RequestHandler } from 'express';
import { tooManyRequests } from '../../platform/http-error.server.js';
import type { AppServices } from '../../platform/app-services.server.js';
import { adminImportHandler } from './admin-import.server.js';
import { LookupCache } from './lookup-cache.server.js';
import { answerLookup, type LookupAnswer } from './lookups.server.js';
import { WindowRateLimiter } from './rate-limit.server.js';
import { clientKey } from '../security/client-key.server.js';

/**
 * Searches per client address per minute. One applicant typing without pause sends at most two a
 * second (debounce 200 ms, max wait 500 ms), so 300 leaves room for a classroom behind one school NAT
 * while still stopping a script that hammers the search.
 */
export const LOOKUP_RATE_LIMIT = 300;

/** Answers kept per process (see lookup-cache.server.ts): a few MB at most. */
const CACHE_ENTRIES = 5_000;
const CACHE_TTL_MS = 10 * 60_000;

/** The data is public and changes only on import: browsers and proxies may keep an answer for an hour. */
const CACHE_RESULTS = 'public, max-age=3600';

function rateLimited(services: AppServices, limiter: WindowRateLimiter): RequestHandler {
  return (req, _res, next) => {
    const retryAfter = limiter.hit(clientKey(req), services.now().getTime());
    if (retryAfter === 0) return next();
    // 429, not 200 []: an empty list would look like "no school matches" and could be cached as such.
    next(
      tooManyRequests('Too many searches from your network. Please wait a moment and try again.', retryAfter * 1000, {
        'Cache-Control': 'no-store',
      }),
    );
  };
}

function find(services: AppServices, cache: LookupCache<LookupAnswer>): RequestHandler {
  return async (req, res) => {
    try {
      const answer = await answerLookup(services.db.knex, req.query as Record<string, unknown>, cache, services.now().getTime());
      res.setHeader('Cache-Control', answer.cacheable ? CACHE_RESULTS : 'no-store');
      res.json(answer.body);
    } catch (err) {
      // §7: a failed lookup yields an empty list; the applicant keeps typing (§8 swallowed with fallbacks).
      req.log.error({ err }, 'lookup failed');
      res.setHeader('Cache-Control', 'no-store');
      res.json([]);
    }
  };
}

/**
 * The school and address autocomplete (§4, §7), public: logged-out visitors fill the form too; and the
 * operator's import, which empties the cache. Mounted in server/routes.server.ts.
 */
export function lookupHandlers(services: AppServices) {
  const limiter = new WindowRateLimiter(LOOKUP_RATE_LIMIT, 60_000);
  const cache = new LookupCache<LookupAnswer>(CACHE_ENTRIES, CACHE_TTL_MS);
  return {
    rateLimit: rateLimited(services, limiter),
    find: find(services, cache),
    adminImport: adminImportHandler(services, () => cache.clear()),
  };
}
