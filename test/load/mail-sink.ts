/**
 * The deadline scenario's SMTP receiver: thousands of receipts with their PDFs attached are counted as they
 * arrive, not kept (test/helpers/smtp.ts decodes and keeps every message, which a run of 6,000 PDFs would fill
 * memory with). A receipt counts once per recipient, with or without its PDF.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceiptSink {
  url: string;
  /** Distinct recipients whose receipt arrived, and how many of those carried the application PDF. */
  counts(): { receipts: number; withPdf: number; duplicates: number };
  /** performance.now() of the last receipt received (null before the first). */
  lastAt(): number | null;
  close(): Promise<void>;
}

const PDF_PART = /content-type:\s*application\/pdf/i;

export async function startReceiptSink(subject: RegExp): Promise<ReceiptSink> {
  const seen = new Map<string, boolean>();
  let duplicates = 0;
  let last: number | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, session, callback) {
      // Headers and MIME part headers are all a receipt is checked by; the base64 body is skipped over.
      let head = '';
      let pdf = false;
      let tail = '';
      stream.on('data', (chunk: Buffer) => {
        const text = chunk.toString('latin1');
        if (head.length < 64 * 1024) head += text.slice(0, 64 * 1024 - head.length);
        // With the previous chunk's end: a part header may straddle two chunks.
        if (!pdf && PDF_PART.test(tail + text)) pdf = true;
        tail = text.slice(-100);
      });
      stream.on('end', () => {
        const subjectLine = /^subject:\s*(.*)$/im.exec(head)?.[1] ?? '';
        if (subject.test(subjectLine)) {
          for (const to of session.envelope.rcptTo.map((r) => r.address.toLowerCase())) {
            if (seen.has(to)) duplicates++;
            seen.set(to, (seen.get(to) ?? false) || pdf);
          }
          last = performance.now();
        }
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    counts: () => ({ receipts: seen.size, withPdf: [...seen.values()].filter(Boolean).length, duplicates }),
    lastAt: () => last,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
