import type { Logger } from 'pino';
import type { Config } from '../platform/config.server.js';
import type { Database } from '../db/knex.server.js';
import type { ObjectStore } from '../platform/storage/object-store.server.js';
import type { Mailer } from '../platform/mail/mailer.server.js';

/**
 * What a job handler may use: the database, the object store, the mailer, the validated configuration, the
 * logger and the clock. The server's AppServices has all of these, so boot hands the same object over; a
 * handler never sees the HTTP side (routes, sessions).
 */
export interface WorkerServices {
  config: Config;
  logger: Logger;
  db: Database;
  storage: ObjectStore;
  /** Outgoing e-mail, for the receipt job. */
  mail: Mailer;
  now: () => Date;
}
