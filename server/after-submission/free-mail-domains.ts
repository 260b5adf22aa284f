/**
 * Public mailbox providers: a counselor writing from one of these is not provably a school. The desk flags
 * such senders (issue 35); it does not refuse them, since some small schools do use them.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'ymail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'yandex.com',
  'zoho.com',
  'tutanota.com',
  'fastmail.com',
  'hey.com',
  'qq.com',
  '163.com',
]);

/** The free-mail domain of the address, or null for any other (a school's, a district's). */
export function freeMailDomain(email: string | null | undefined): string | null {
  const domain = email?.trim().toLowerCase().split('@')[1];
  return domain && FREE_MAIL_DOMAINS.has(domain) ? domain : null;
}
