import { describe, expect, test } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { ES_ISLANDS, ES_PAGES } from '../../contracts/i18n/es-catalogue.js';
import { ES_LINK_PAGES } from '../../contracts/i18n/es-link-pages.js';
import { ES_MAIL } from '../../contracts/i18n/es-mail.js';
import { translator } from '../../contracts/i18n/translate.js';
import { AUTH_CARDS, RESEND } from '../../contracts/auth-cards.js';
import { PASSWORD_RULES, PASSWORDS_MATCH_RULE } from '../../contracts/password-rules.js';
import { AUTH_MESSAGES } from '../../contracts/auth-check.js';
import { ACCOUNT_MESSAGES as DELETION_MESSAGES } from '../../contracts/account.js';
import { GENERIC_ERROR_MESSAGE, SESSION_INVALID_MESSAGE } from '../../contracts/messages.js';
import { KEPT_CLEAR_LABEL, KEPT_CLEARED_MESSAGE, KEPT_NOTICE_TEXT } from '../../contracts/kept-answers.js';
import { UPLOAD_IN_PROGRESS } from '../../contracts/api.js';
import { FILE_MESSAGES, UPLOAD_HINTS } from '../../form/documents.js';
import { TAB_SWITCH_MESSAGES } from '../../form/tab-switch.js';
import { ACCOUNT_MESSAGES } from '../../server/auth/accounts.server.js';
import { LOGIN_MESSAGES } from '../../server/auth/login.server.js';
import { RESET_MESSAGES } from '../../server/auth/password-reset.server.js';
import { COMMON_PASSWORD_MESSAGE } from '../../server/auth/passwords.server.js';
import { RECEIPT_NEXT_STEPS } from '../../domain/mail/receipt-mail.server.js';
import { FIRST_LOGIN_ADVANTAGES, NEXT_STEPS } from '../../pages/layouts/banners/GreetingBanner.js';
import { STEPS } from '../../pages/layouts/FormShell.js';
import { SUMMARY_HEADING, UPLOAD_REFUSED_HEADING } from '../../islands/form/ErrorSummary.js';
import { FIT_MESSAGES, NO_SCRIPT_UPLOAD_HINT, TOO_MANY_PIXELS } from '../../form/photo-fit.js';
import { INACTIVITY_LOGOUT_MESSAGE, LEAVE_LABEL, STAY_LABEL, WARNING_TEXT, WARNING_TITLE } from '../../islands/lifecycle/idle.js';
import { INLINE_FALLBACK_MESSAGE, UNEXPECTED_ERROR_MESSAGE, UNEXPECTED_ERROR_TITLE } from '../../islands/ui/IslandBoundary.js';
import { confirmationCodeMail, passwordChangedMail, resetLinkMail } from '../../server/auth/mails.server.js';
import { receiptMail } from '../../domain/mail/receipt-mail.server.js';
import { deadlineReminderMail, REMINDER_LEFT } from '../../domain/mail/deadline-reminder-mail.server.js';
import { RETENTION_WARNING_SUBJECT, retentionWarningMail } from '../../domain/mail/retention-mail.server.js';
import { DEADLINE_PASSED } from '../../domain/deadlines/open-round.server.js';
import { roundLabel } from '../../domain/deadlines/rounds.server.js';
import { testConfig } from '../helpers/config.js';
import { APPLICANT_SOURCES, hardCodedTexts, sourceFiles, translatedLiterals } from './i18n-scan.js';
import { INVITE_MESSAGES, WAIVER_MESSAGES } from '../../domain/recommendations/recommendation-invite.server.js';

/**
 * Issue 41 (docs/i18n.md): every English text an applicant, a parent or a recommender can read has its Spanish. A
 * page or island that calls t('…') with a text the catalogue lacks, or writes English straight into its markup,
 * fails here with the file and the text: after a merge, whatever a new page left in English is listed.
 */

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Texts that read the same in Spanish. */
const SAME_IN_SPANISH = new Set(['Error', 'Error:', 'No', 'OK']);

describe('the Spanish catalogue', () => {
  test('every t() text of the applicant side has its Spanish (e-mails in ES_MAIL, the rest in ES_PAGES)', () => {
    const missing = translatedLiterals(sourceFiles(APPLICANT_SOURCES)).filter(({ file, text }) => {
      const catalogue = /(^|\/)mail/.test(file) ? ES_MAIL : ES_PAGES;
      return !Object.hasOwn(catalogue, text);
    });
    expect(missing).toEqual([]);
  });

  test('every t() text of an island is in the part shipped to islands', () => {
    const missing = translatedLiterals(sourceFiles(['islands'])).filter(({ text }) => !Object.hasOwn(ES_ISLANDS, text));
    expect(missing).toEqual([]);
  });

  test('the texts kept as data (cards, rules, messages the API answers, banners) have their Spanish', () => {
    const cards = Object.values(AUTH_CARDS).flatMap((card) => [
      card.title,
      card.errorTitle,
      ...card.fields.filter((f) => f.type !== 'hidden').map((f) => f.label),
      ...(card.resend ? [card.resend.label] : []),
      ...(card.links ?? []).map((l) => l.text),
      card.footer.question,
      card.footer.text,
    ]);
    const texts = [
      ...cards,
      RESEND.errorTitle,
      ...PASSWORD_RULES.flatMap((rule) => [rule.label, rule.message]),
      PASSWORDS_MATCH_RULE.label,
      PASSWORDS_MATCH_RULE.message,
      ...Object.values(AUTH_MESSAGES),
      ...Object.values(DELETION_MESSAGES),
      ...Object.values(ACCOUNT_MESSAGES),
      ...Object.values(LOGIN_MESSAGES),
      ...Object.values(RESET_MESSAGES),
      COMMON_PASSWORD_MESSAGE,
      GENERIC_ERROR_MESSAGE,
      SESSION_INVALID_MESSAGE,
      KEPT_CLEAR_LABEL,
      KEPT_CLEARED_MESSAGE,
      KEPT_NOTICE_TEXT,
      UPLOAD_IN_PROGRESS.title,
      UPLOAD_IN_PROGRESS.message,
      ...Object.values(FILE_MESSAGES),
      ...Object.values(UPLOAD_HINTS),
      TAB_SWITCH_MESSAGES.switch,
      TAB_SWITCH_MESSAGES.keep,
      ...FIRST_LOGIN_ADVANTAGES,
      ...NEXT_STEPS,
      ...STEPS.flatMap((step) => [step.label, step.short]),
      SUMMARY_HEADING,
      UPLOAD_REFUSED_HEADING,
      NO_SCRIPT_UPLOAD_HINT,
      FIT_MESSAGES.tooLarge,
      FIT_MESSAGES.heicUnreadable,
      FIT_MESSAGES.unreadable,
      TOO_MANY_PIXELS,
      'Choose a file, then press Upload.',
      INACTIVITY_LOGOUT_MESSAGE,
      WARNING_TITLE,
      WARNING_TEXT,
      STAY_LABEL,
      LEAVE_LABEL,
      UNEXPECTED_ERROR_TITLE,
      UNEXPECTED_ERROR_MESSAGE,
      INLINE_FALLBACK_MESSAGE,
    ];
    expect([...Object.values(INVITE_MESSAGES), ...Object.values(WAIVER_MESSAGES)].filter((text) => !Object.hasOwn(ES_PAGES, text))).toEqual(
      [],
    );
    expect(texts.filter((text) => !Object.hasOwn(ES_ISLANDS, text))).toEqual([]);
    expect(RECEIPT_NEXT_STEPS.filter((text) => !Object.hasOwn(ES_MAIL, text))).toEqual([]);
    const rounds = ['early-action', 'early-decision', 'regular', 'regular-decision'].map(roundLabel);
    expect([...rounds, DEADLINE_PASSED].filter((text) => !Object.hasOwn(ES_PAGES, text))).toEqual([]);
    const reminderData = [...rounds, ...Object.values(REMINDER_LEFT), RETENTION_WARNING_SUBJECT];
    expect(reminderData.filter((text) => !Object.hasOwn(ES_MAIL, text))).toEqual([]);
  });

  test('every Spanish text keeps the English placeholders, and differs from the English unless it reads the same', () => {
    for (const catalogue of [ES_PAGES, ES_MAIL, ES_LINK_PAGES]) {
      for (const [english, spanish] of Object.entries(catalogue)) {
        expect([english, placeholders(spanish)]).toEqual([english, placeholders(english)]);
        if (!SAME_IN_SPANISH.has(english)) expect([english, spanish]).not.toEqual([english, english]);
      }
    }
  });

  test('a text the catalogue lacks shows in English, with its placeholders filled (and the test above fails)', () => {
    const t = translator('es', ES_PAGES);
    expect(t('Welcome, {{name}}!', { name: 'Mari' })).toBe('¡Te damos la bienvenida, Mari!');
    expect(t('Not in the catalogue, {{name}}.', { name: 'Mari' })).toBe('Not in the catalogue, Mari.');
    expect(translator('en', ES_PAGES)('Welcome, {{name}}!', { name: 'Mari' })).toBe('Welcome, Mari!');
  });
});

describe('no English hard-coded in the applicant pages and islands', () => {
  test('no JSX text or read attribute (aria-label, title, placeholder, alt, label) outside t()', () => {
    const files = sourceFiles(['pages', 'islands', 'views'], /\.tsx$/);
    expect(files.length).toBeGreaterThan(40);
    const found = files.flatMap((file) => hardCodedTexts(file).map((text) => `${file}: ${text}`));
    expect(found).toEqual([]);
  });

  test('the scan finds hard-coded text where there is some (the office keeps English)', () => {
    expect(hardCodedTexts('pages/(office)/staff/applications/@id/checklist/RecommendationLines.tsx')).toContain('Teacher recommendations');
  });

  test('the counselor’s and the teacher’s link pages offer Spanish: every t() text of theirs has it', () => {
    const files = ['pages/(office)/OfficeLayout.tsx', 'pages/(office)/counselor/CounselorLayout.tsx'].concat(
      ['pages/(office)/counselor/@token', 'pages/(office)/recommend/@token'].flatMap((dir) => readdirSync(dir).map((f) => `${dir}/${f}`)),
    );
    const texts = translatedLiterals(files).map(({ text }) => text);
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((text) => !Object.hasOwn(ES_LINK_PAGES, text))).toEqual([]);
  });
});

describe('the applicant e-mails in Spanish', () => {
  const config = testConfig();
  const mails = [
    confirmationCodeMail(config, 'a@example.org', '123456', 'es'),
    resetLinkMail(config, 'a@example.org', 'token', 'es'),
    passwordChangedMail(config, 'a@example.org', 'es'),
    receiptMail(config, {
      to: 'a@example.org',
      reference: 'FA-ABC123',
      submittedAt: new Date('2026-11-25T18:30:00Z'),
      applicantName: 'Mari',
      pdf: null,
      missingPdf: 'not-ready',
      receiptId: 'r1',
      lang: 'es',
    }),
    deadlineReminderMail(config, {
      to: 'a@example.org',
      userId: 'u1',
      roundLabel: 'Regular Decision',
      roundName: 'regular',
      deadline: 'viernes 15 de enero de 2027, 11:59 p. m. MST',
      threshold: '2d',
      stopUrl: 'https://example.org/stop',
      lang: 'es',
    }),
    retentionWarningMail(config, {
      to: 'a@example.org',
      deleteAfter: new Date('2026-12-25T18:30:00Z'),
      inactiveMonths: 18,
      userId: 'u1',
      warnedAt: new Date('2026-11-25T18:30:00Z'),
      lang: 'es',
    }),
  ];

  test('every line of every applicant e-mail in Spanish comes from the catalogue: none is left in English', () => {
    const englishLines = Object.keys(ES_MAIL).filter((english) => !SAME_IN_SPANISH.has(english) && !english.includes('{{'));
    for (const mail of mails) {
      expect(mail.html).toContain('<html lang="es">');
      for (const english of englishLines)
        expect([mail.subject, english, mail.text.includes(english)]).toEqual([mail.subject, english, false]);
    }
    expect(mails[3]!.text).toMatch(/Enviada: 25 de noviembre de 2026, 11:30 a\.\s?m\. MST/);
    expect(mails[4]!.subject).toBe('Fecha límite de Decisión Regular: quedan menos de dos días para enviar tu solicitud');
    expect(mails[5]!.subject).toBe('Tu solicitud no enviada será eliminada');
    expect(mails[5]!.text).toMatch(/a partir del 25 de diciembre de 2026/);
  });
});
