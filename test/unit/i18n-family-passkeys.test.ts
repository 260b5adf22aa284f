import { describe, expect, test } from '@jest/globals';
import { ES_ISLANDS, ES_PAGES } from '../../contracts/i18n/es-catalogue.js';
import { ES_MAIL } from '../../contracts/i18n/es-mail.js';
import { PASSKEY_TEXTS } from '../../contracts/passkeys.js';
import { PASSKEY_SIGN_IN_TEXTS } from '../../contracts/passkey-sign-in.js';
import { FAMILY_MESSAGES } from '../../contracts/family.js';
import { FAMILY_HEADLINES, FAMILY_TRANSCRIPT_TEXTS } from '../../server/family/family-status.server.js';
import { FAMILY_REPLY_WORDS } from '../../server/family/offer-reply.server.js';
import { REPLY_LABELS } from '../../domain/after-submission/reply-rules.js';
import { REPLY_NOTICES, WAIVER_TEXT } from '../../server/after-submission/completion-reply.server.js';
import {
  FAMILY_CODE_SUBJECT,
  FAMILY_INVITATION_SUBJECT,
  familyCodeMail,
  familyInvitationMail,
} from '../../domain/mail/family-mail.server.js';
import { testConfig } from '../helpers/config.js';

/**
 * Issue 41 for family access, the reply to an offer and passkeys (docs/i18n.md): their texts kept as data have
 * their Spanish, the passkeys' in the islands' part (a Spanish page receives it as JSON, no script carries it), and
 * the family e-mails in Spanish carry the English below.
 */
describe('the Spanish of family access, the reply and passkeys', () => {
  test('the passkey texts (page, island, sign-in, server answers) are in the part islands receive', () => {
    const texts = [...Object.values(PASSKEY_TEXTS), ...Object.values(PASSKEY_SIGN_IN_TEXTS)];
    expect(texts.filter((text) => !Object.hasOwn(ES_ISLANDS, text))).toEqual([]);
  });

  test('what the family pages and the reply section compute on the server has its Spanish', () => {
    const texts = [
      ...Object.values(FAMILY_MESSAGES),
      ...Object.values(FAMILY_HEADLINES),
      ...Object.values(FAMILY_TRANSCRIPT_TEXTS),
      ...Object.values(FAMILY_REPLY_WORDS),
      ...Object.values(REPLY_LABELS),
      ...Object.values(REPLY_NOTICES).map((notice) => notice.text),
      ...Object.values(WAIVER_TEXT),
    ];
    expect(texts.filter((text) => !Object.hasOwn(ES_PAGES, text))).toEqual([]);
  });

  const config = testConfig();
  test('a family e-mail in Spanish says it all in Spanish first, then in English', () => {
    const invitation = familyInvitationMail(config, { to: 'p@example.org', memberName: 'Rosa', applicantName: 'Mari', lang: 'es' });
    const code = familyCodeMail(config, 'p@example.org', '123456', 'es');
    expect(invitation.subject).toBe(ES_MAIL[FAMILY_INVITATION_SUBJECT]);
    expect(code.subject).toBe(ES_MAIL[FAMILY_CODE_SUBJECT]);
    for (const mail of [invitation, code]) expect(mail.html).toContain('<html lang="es">');
    const spanish = code.text.indexOf('Tu código para iniciar sesión es: 123456');
    const english = code.text.indexOf('Your sign-in code is: 123456');
    expect(spanish).toBeGreaterThanOrEqual(0);
    expect(english).toBeGreaterThan(spanish);
    expect(invitation.text.indexOf('Hola, Rosa:')).toBeLessThan(invitation.text.indexOf('Hello Rosa,'));
  });

  test('in English the family e-mails are English only', () => {
    const code = familyCodeMail(config, 'p@example.org', '123456');
    expect(code.subject).toBe(FAMILY_CODE_SUBJECT);
    expect(code.html).toContain('<html lang="en">');
    expect(code.text).not.toContain('Tu código');
  });
});
