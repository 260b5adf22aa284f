import type { AppServices } from '../../platform/app-services.server.js';
import type { MailMessage } from '../../platform/mail/mailer.server.js';

/** Keeps what `services` sends instead of sending it, until `restore()`: for tests that read the e-mails a job writes. */
export function captureMail(services: AppServices): { sent: MailMessage[]; restore(): void } {
  const sent: MailMessage[] = [];
  const realSend = services.mail.send;
  services.mail.send = async (m: MailMessage) => {
    sent.push(m);
    return undefined as never;
  };
  return { sent, restore: () => void (services.mail.send = realSend) };
}

/** The e-mails `services` would have sent while `run` ran (nothing is sent). */
export async function mailSentDuring(services: AppServices, run: () => Promise<unknown>): Promise<MailMessage[]> {
  const mail = captureMail(services);
  try {
    await run();
    return mail.sent;
  } finally {
    mail.restore();
  }
}
