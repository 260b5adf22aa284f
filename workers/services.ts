import type { Logger } from 'pino';
import type { Config } from '../server/config.server.js';
import type { Database } from '../db/knex.server.js';
import type { ObjectStore } from '../server/storage/object-store.server.js';

/**
 * What a job handler may use: the database, the object store, the validated configuration, the logger and
 * the clock. The server's AppServices has all of these, so boot hands the same object over; a handler
 * never sees the HTTP side (mail, routes, sessions).
 */
export interface WorkerServices {
  config: Config;
  logger: Logger;
  db: Database;
  storage?: ObjectStore;
  now: () => Date;
}
