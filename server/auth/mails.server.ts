import type { Config } from '../../platform/config.server.js';
import { kindOf, type MailMessage } from '../../platform/mail/mailer.server.js';
import type { AppServices } from '../../platform/app-services.server.js';
import { escapeHtml } from '../../contracts/escape-html.js';
import type { Lang } from '../../form/lang.js';
import { mailTranslator } from '../../domain/mail/mail-language.js';

/** Minutes a confirmation code and a reset link stay valid (ADR 0010; at most one hour). */
export const CODE_LIFETIME_MINUTES = 60;
export const RESET_LIFETIME_MINUTES = 60;

function compose(
  config: Config,
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
  lang: Lang = 'en',
): MailMessage {
  const { helpEmail, officePhone, officeEmail } = config.contacts;
  const t = mailTranslator(lang);
  const signature = [
    t('Office of Admissions'),
    t('Phone: {{phone}}', { phone: officePhone }),
    t('E-mail: {{email}}', { email: officeEmail }),
    t('Technical help: {{email}}', { email: helpEmail }),
  ];
  const text = `${[...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join('\n\n')}\n\n${signature.join('\n')}\n`;
  const html = `<!doctype html><html lang="${lang}"><body style="font-family: system-ui, sans-serif; font-size: 16px; color: #1b1b1b">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}
<p>${signature.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  // The subjects here are fixed texts, so one names the kind of message in the log without naming anyone.
  return { to, subject, text, html, kind: subject };
}

export function confirmationCodeMail(config: Config, to: string, code: string, lang: Lang = 'en'): MailMessage {
  const t = mailTranslator(lang);
  return compose(
    config,
    to,
    t('Your Freshman Application confirmation code'),
    [
      t('Thank you for creating a Freshman Application account.'),
      t('Your confirmation code is: {{code}}', { code }),
      t(
        'Enter it on the Confirm Your Account page. It expires in {{minutes}} minutes. If you did not create an account, you can ignore this e-mail.',
        { minutes: CODE_LIFETIME_MINUTES },
      ),
    ],
    undefined,
    lang,
  );
}

export function alreadyRegisteredMail(config: Config, to: string, lang: Lang = 'en'): MailMessage {
  const t = mailTranslator(lang);
  return compose(
    config,
    to,
    t('You already have a Freshman Application account'),
    [
      t(
        'Someone (hopefully you) tried to create a Freshman Application account with this e-mail address, but an account already exists for it.',
      ),
      t('You can log in with your password. If you do not remember it, use "Forgot password?" on the login page.'),
      t('If this was not you, you can ignore this e-mail: nothing has changed.'),
    ],
    { href: `${config.publicUrl}/login`, label: t('Log in') },
    lang,
  );
}

export function alreadyConfirmedMail(config: Config, to: string, lang: Lang = 'en'): MailMessage {
  const t = mailTranslator(lang);
  return compose(
    config,
    to,
    t('Your Freshman Application account is already confirmed'),
    [
      t('A new confirmation code was requested for this address, but the account is already confirmed. You can log in now.'),
      t('If you do not remember your password, use "Forgot password?" on the login page.'),
    ],
    { href: `${config.publicUrl}/login`, label: t('Log in') },
    lang,
  );
}

export function resetLinkMail(config: Config, to: string, token: string, lang: Lang = 'en'): MailMessage {
  const t = mailTranslator(lang);
  const href = `${config.publicUrl}/reset?username=${encodeURIComponent(to)}&id=${encodeURIComponent(token)}`;
  return compose(
    config,
    to,
    t('Reset your Freshman Application password'),
    [
      t('We received a request to reset the password of your Freshman Application account.'),
      t(
        'Open the link below to choose a new password. The link works once and expires in {{minutes}} minutes; a newer request replaces it.',
        { minutes: RESET_LIFETIME_MINUTES },
      ),
      t('If you did not ask for this, you can ignore this e-mail: your password has not changed.'),
    ],
    { href, label: t('Reset your password') },
    lang,
  );
}

export function passwordChangedMail(config: Config, to: string, lang: Lang = 'en'): MailMessage {
  const t = mailTranslator(lang);
  return compose(
    config,
    to,
    t('Your Freshman Application password was changed'),
    [
      t('The password of your Freshman Application account was just changed, and every device that was logged in has been logged out.'),
      t('If you did not do this, reset your password right away with "Forgot password?" on the login page and tell us at {{email}}.', {
        email: config.contacts.helpEmail,
      }),
    ],
    undefined,
    lang,
  );
}

/**
 * Sends without making the request wait: the answer's timing then does not depend on whether a
 * message was sent (no enumeration by timing), and a mail outage does not fail the request.
 */
export function sendInBackground(services: AppServices, message: MailMessage): void {
  services.mail.send(message).catch((err: Error) => {
    services.logger.error({ mail: { kind: kindOf(message) }, error: err.message }, 'e-mail could not be sent');
  });
}

/**
 * Composes and sends after the request has been answered, on a later turn of the event loop (issue 23 finding 7).
 * Forgot-password and resend call this once whatever the address, with a function that decides then whether
 * there is anything to send: the request path does the same work for a known address as for an unknown one,
 * and no timing tells them apart (composing a message took ~2 ms).
 */
export function mailAfterResponse(services: AppServices, compose: () => MailMessage | null): void {
  setImmediate(() => {
    try {
      const message = compose();
      if (message) sendInBackground(services, message);
    } catch (err) {
      services.logger.error({ error: (err as Error).message }, 'e-mail could not be composed');
    }
  });
}
