import type { Logger } from 'pino';
import type PgBoss from 'pg-boss';
import type { Config } from './config.server.js';
import type { Database } from '../db/knex.server.js';

/** Everything a request handler or a page's server hook may use; built once at boot. */
export interface AppServices {
  config: Config;
  logger: Logger;
  db: Database;
  /** The job queue; null only in tests that do not start one. */
  boss: PgBoss | null;
  /** Injectable clock: tests move time for expiry and backoff. */
  now: () => Date;
}
