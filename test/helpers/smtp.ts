import { SMTPServer } from 'smtp-server';
import type { Mailer, MailMessage } from '../../platform/mail/mailer.server.js';

/** One received e-mail, decoded: the parts tests read. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Decoded attachments (e.g. the receipt's application PDF). */
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  raw: string;
}

export interface MailBox {
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving within the timeout) matching. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
}

function waiter(messages: ReceivedMail[], listeners: Set<() => void>): MailBox['waitFor'] {
  return (match, timeoutMs = 15_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(
            `no matching e-mail within ${timeoutMs} ms (received: ${messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none'})`,
          ),
        );
      }, timeoutMs);
      listeners.add(check);
      check();
    });
}

/**
 * A real SMTP server on a free port (the smtp-server package) collecting every message. `close()` then
 * `reopen()` takes it down and brings it back on the same port (a mail outage), keeping the messages.
 * `refuse(address)` makes it answer RCPT TO for that address with a permanent 550 (a mailbox that does not
 * exist), as a real receiving server would; `refused` lists the addresses it turned away.
 */
export async function startSmtpReceiver(): Promise<
  MailBox & {
    url: string;
    port: number;
    close(): Promise<void>;
    reopen(): Promise<void>;
    refuse(address: string): void;
    refused: string[];
  }
> {
  const messages: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  const refusing = new Set<string>();
  const refused: string[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const to = address.address.toLowerCase();
        if (!refusing.has(to)) return callback();
        refused.push(to);
        const err = Object.assign(new Error('5.1.1 <' + to + '>: Recipient address rejected: User unknown'), { responseCode: 550 });
        callback(err);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
          mail.to = session.envelope.rcptTo.map((r) => r.address);
          messages.push(mail);
          for (const l of [...listeners]) l();
          callback();
        });
      },
    });
  const listen = (server: SMTPServer, on: number) =>
    new Promise<number>((resolve, reject) => {
      server.on('error', reject);
      server.listen(on, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
    });
  let server = create();
  const port = await listen(server, 0);
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor: waiter(messages, listeners),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async reopen() {
      server = create();
      await listen(server, port);
    },
    refuse: (address: string) => void refusing.add(address.toLowerCase()),
    refused,
  };
}

/** An in-process Mailer that records messages (for supertest tests that inject it). */
export function captureMailer(): Mailer & MailBox {
  const messages: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  return {
    messages,
    waitFor: waiter(messages, listeners),
    async send(message: MailMessage) {
      messages.push({
        to: [message.to],
        from: '',
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        raw: '',
      });
      for (const l of [...listeners]) l();
    },
  };
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in headers such as Subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parameter(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return match?.[1];
}

type Parts = { text: string; html: string; attachments: ReceivedMail['attachments'] };

function collectParts(raw: string, out: Parts): void {
  const { headers, body } = splitHead(raw);
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = parameter(headers.get('content-type'), 'boundary');
    if (!boundary) return;
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\n/, ''), out);
    }
    return;
  }
  const disposition = headers.get('content-disposition') ?? '';
  if (/^attachment/i.test(disposition)) {
    const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
    const content = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'latin1');
    out.attachments.push({
      filename: decodeWords(parameter(disposition, 'filename') ?? ''),
      contentType: type.split(';')[0]!.trim(),
      content,
    });
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  if (type.startsWith('text/html')) out.html += decoded;
  else if (type.startsWith('text/plain')) out.text += decoded;
}

/** Parses a raw RFC 5322 message (mailparser does not install here): headers, text and HTML parts. */
export function parseMail(raw: string): ReceivedMail {
  const { headers } = splitHead(raw);
  const out: Parts = { text: '', html: '', attachments: [] };
  collectParts(raw, out);
  return {
    to: (headers.get('to') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    from: headers.get('from') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    text: out.text,
    html: out.html,
    attachments: out.attachments,
    raw,
  };
}

/** The 6-digit confirmation code of a code e-mail. */
export function codeFrom(mail: ReceivedMail): string {
  const match = /confirmation code is: (\d{6})/.exec(mail.text);
  if (!match) throw new Error(`no confirmation code in: ${mail.text}`);
  return match[1]!;
}

/** The reset link of a reset e-mail. */
export function resetLinkFrom(mail: ReceivedMail): URL {
  const match = /(https?:\/\/\S+\/reset\?\S+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(match[1]!);
}
