import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config.server.js';
import { mails } from '../observability/metrics.server.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message (the receipt's application PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  /**
   * What kind of message this is, for the log line (e.g. 'receipt', or an auth mail's fixed subject). Never
   * personal: log lines name neither the address nor the application (issue 23 finding 14).
   */
  kind?: string;
  /** A stable Message-ID (a receipt's), so a receiving system can recognise the same message sent again. */
  messageId?: string;
}

/** Sends one e-mail. Implementations: SMTP (SMTP_URL) or the development outbox. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * nodemailer over SMTP_URL; without it the DESIGN §5 outbox: every message is written as an .eml
 * file to $DATA_DIR/outbox/ and a log line names the file. Neither logs the body (it holds codes
 * and reset links), the address or the subject (a receipt's names the application): only the message's kind.
 */
export function createMailer(config: Config, logger: Logger): Mailer {
  return counted(transportFor(config, logger));
}

/** fa_mails_total by kind and outcome: the kind is a fixed name (never an address or subject). */
function counted(mailer: Mailer): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (err) {
        mails.inc({ kind: kindOf(message), outcome: 'failed' });
        throw err;
      }
      mails.inc({ kind: kindOf(message), outcome: 'sent' });
    },
  };
}

/** nodemailer is loaded by the first message, not by every process (and test file) that makes a mailer. */
const loadNodemailer = () => import('nodemailer').then((module) => module.default);

function transportFor(config: Config, logger: Logger): Mailer {
  const from = config.mailFrom;
  if (config.smtpUrl) {
    // Bounded waits (nodemailer's defaults let a silent server hold a send for ten minutes): a receipt attempt
    // must end well within the time it holds its receipt (workers/jobs/send-receipt.server.ts).
    let transport: Promise<Transporter> | null = null;
    return {
      async send(message) {
        transport ??= loadNodemailer().then((nodemailer) =>
          nodemailer.createTransport({ url: config.smtpUrl!, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }),
        );
        await (await transport).sendMail({ from, ...withoutKind(message) });
        logger.info({ mail: { kind: kindOf(message) } }, 'mail sent');
      },
    };
  }
  const outbox = join(config.dataDir, 'outbox');
  let builder: Promise<Transporter> | null = null;
  return {
    async send(message) {
      builder ??= loadNodemailer().then((nodemailer) =>
        nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      const info = await (await builder).sendMail({ from, ...withoutKind(message) });
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ mail: { kind: kindOf(message), file } }, 'mail written to outbox (no SMTP_URL)');
    },
  };
}

/** The log line's name for a message: its kind, never its address or subject. */
export function kindOf(message: MailMessage): string {
  return message.kind ?? 'e-mail';
}

function withoutKind(message: MailMessage): Omit<MailMessage, 'kind'> {
  const { kind: _kind, ...rest } = message;
  return rest;
}
