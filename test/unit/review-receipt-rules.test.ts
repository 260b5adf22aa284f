import { describe, expect, it } from '@jest/globals';
import { redirectFor, type RouteState } from '../../server/application/page-routing.server.js';
import { newReference, REFERENCE_ALPHABET, REFERENCE_PATTERN } from '../../db/repos/references.server.js';
import { receiptMail, receiptTime, RECEIPT_NEXT_STEPS } from '../../domain/mail/receipt-mail.server.js';
import { testConfig } from '../helpers/config.js';
import { formatDeskTime, formatLocalTime } from '../../form/local-time.js';

const student = (over: Partial<Extract<RouteState, { kind: 'student' }>> = {}): RouteState => ({
  kind: 'student',
  submitted: false,
  lastPage: null,
  hasChangedPage: false,
  ...over,
});

describe('/review routing (issue 18)', () => {
  it('is for logged-in students, submitted or not; visitors go to /login, staff to the form', () => {
    expect(redirectFor('/review', '', student({ lastPage: '/education' }))).toBeNull();
    expect(redirectFor('/review', '', student({ submitted: true }))).toBeNull();
    expect(redirectFor('/review', '', { kind: 'visitor' })).toBe('/login');
    expect(redirectFor('/review', '?service_token=s', { kind: 'service' })).toBe('/about?service_token=s');
  });
});

describe('submission references', () => {
  it('are FA- and six characters none of which is easily misread (no 0, O, 1, I, L, U)', () => {
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OILU]/);
    for (let i = 0; i < 200; i++) expect(newReference()).toMatch(REFERENCE_PATTERN);
    expect(newReference(() => 0)).toBe('FA-222222');
  });
});

describe('times in the university’s zone (issue 26)', () => {
  // 11:30 pm in Utah the night before a deadline is 06:30 the next morning in UTC.
  const lateNight = new Date('2026-11-26T06:30:00Z');

  it('the receipt e-mail says the applicant’s evening, with the zone named, in text and HTML (TIME_ZONE defaults to America/Denver)', () => {
    const config = testConfig();
    expect(config.timeZone).toBe('America/Denver');
    const mail = receiptMail(config, {
      to: 'a@example.org',
      reference: 'FA-7K3M9Q',
      submittedAt: lateNight,
      applicantName: 'Maria Lopez',
      receiptId: '1',
      pdf: null,
    });
    for (const part of [mail.text, mail.html]) expect(part).toContain('Submitted: November 25, 2026 at 11:30 PM MST');
    expect(mail.text).not.toContain('UTC');
  });

  it('TIME_ZONE is any IANA zone, validated at start-up', () => {
    const config = testConfig({ TIME_ZONE: 'America/New_York' });
    expect(receiptTime(lateNight, config.timeZone)).toBe('November 26, 2026 at 1:30 AM EST');
    expect(() => testConfig({ TIME_ZONE: 'Mountain' })).toThrow(/TIME_ZONE/);
  });

  it('the staff desk reads the same zone, sortable, and shows summer time', () => {
    expect(formatDeskTime(lateNight, 'America/Denver')).toBe('2026-11-25 23:30 MST');
    expect(formatDeskTime('2026-07-01T05:59:30Z', 'America/Denver', 'seconds')).toBe('2026-06-30 23:59:30 MDT');
    expect(formatLocalTime(lateNight, 'America/Denver')).toBe('November 25, 2026 at 11:30 PM MST');
  });
});

describe('the receipt e-mail', () => {
  const config = testConfig({
    HELP_EMAIL: 'help@uni.example',
    OFFICE_PHONE: '(801) 555-0100',
    OFFICE_EMAIL: 'admissions@uni.example',
    PUBLIC_URL: 'https://apply.uni.example',
  });
  const base = {
    to: 'maria@example.org',
    reference: 'FA-7K3M9Q',
    submittedAt: new Date('2026-11-24T17:03:00Z'),
    applicantName: 'Maria Lopez',
    receiptId: '42',
  };

  it('says the reference, the time, what happens next and the office contacts, in text and HTML, with the PDF attached', () => {
    const mail = receiptMail(config, {
      ...base,
      pdf: { content: Buffer.from('%PDF-1.7'), filename: 'Freshman-Application-FA-7K3M9Q.pdf' },
    });
    expect(mail.subject).toContain('FA-7K3M9Q');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('FA-7K3M9Q');
      expect(part).toContain(receiptTime(base.submittedAt, config.timeZone));
      expect(part).toContain('(801) 555-0100');
      expect(part).toContain('admissions@uni.example');
      expect(part).toContain('help@uni.example');
      for (const step of RECEIPT_NEXT_STEPS) expect(part).toContain(step);
    }
    expect(receiptTime(base.submittedAt, config.timeZone)).toBe('November 24, 2026 at 10:03 AM MST');
    expect(mail.attachments).toEqual([
      { filename: 'Freshman-Application-FA-7K3M9Q.pdf', content: Buffer.from('%PDF-1.7'), contentType: 'application/pdf' },
    ]);
    expect(mail.messageId).toBe('<receipt-42@apply.uni.example>');
  });

  it('without the PDF (too large, or not ready) links to the sign-in page instead', () => {
    const large = receiptMail(config, { ...base, pdf: null, missingPdf: 'too-large' });
    expect(large.attachments).toBeUndefined();
    expect(large.text).toContain('too large to attach');
    expect(large.text).toContain('https://apply.uni.example/login');
    expect(large.html).toContain('href="https://apply.uni.example/login"');
    expect(receiptMail(config, { ...base, pdf: null, missingPdf: 'not-ready' }).text).toContain('still being prepared');
  });
});
