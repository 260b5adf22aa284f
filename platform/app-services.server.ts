import type { Logger } from 'pino';
import type { Config } from './config.server.js';
import type { Database } from '../db/knex.server.js';
import type { Mailer } from './mail/mailer.server.js';
import type { ObjectStore } from './storage/object-store.server.js';
import type { JobQueue } from './jobs/boss.server.js';

/** Everything a request handler or a page's server hook may use; built once at boot. */
export interface AppServices {
  config: Config;
  logger: Logger;
  db: Database;
  /** The job queue (pg-boss; tests that run no jobs pass one that records what was sent). */
  boss: JobQueue;
  /** Injectable clock: tests move time for expiry and backoff. */
  now: () => Date;
  /** Outgoing e-mail (SMTP_URL, or the $DATA_DIR/outbox/ files). */
  mail: Mailer;
  /** Object store for documents and PDFs (S3_* or the embedded store). */
  storage: ObjectStore;
  /** Webhook retries (default: 10, from 30 s with backoff); tests shorten them. */
  webhookRetry?: { delaySeconds?: number; limit?: number };
}
