import type { Logger } from 'pino';
import type PgBoss from 'pg-boss';
import type { Knex } from 'knex';
import type { Config } from './config.server.js';
import type { Database } from '../db/knex.server.js';
import type { Mailer } from './mail/mailer.server.js';
import type { ObjectStore } from './storage/object-store.server.js';

/** Everything a request handler or a page's server hook may use; built once at boot. */
export interface AppServices {
  config: Config;
  logger: Logger;
  db: Database;
  /** The job queue; null only in tests that do not start one. */
  boss: PgBoss | null;
  /** Injectable clock: tests move time for expiry and backoff. */
  now: () => Date;
  /** Outgoing e-mail (SMTP_URL, or the $DATA_DIR/outbox/ files); set by boot and createTestApp. */
  mail?: Mailer;
  /** Object store for documents (S3_* or the embedded store); set by boot and createTestApp. */
  storage?: ObjectStore;
  /** Runs inside the submission's transaction (e.g. enqueue the application PDF atomically). */
  onSubmitted?: (trx: Knex.Transaction, userId: string) => Promise<void>;
  /** Webhook retries (default: 10, from 30 s with backoff); tests shorten them. */
  webhookRetry?: { delaySeconds?: number; limit?: number };
}
