import { describe, expect, it } from '@jest/globals';
import { redirectFor, type RouteState } from '../../server/application/page-routing.server.js';
import { newReference, REFERENCE_ALPHABET, REFERENCE_PATTERN } from '../../db/repos/references.server.js';
import { receiptMail, receiptTime, RECEIPT_NEXT_STEPS } from '../../server/mail/receipt-mail.server.js';
import { testConfig } from '../helpers/config.js';

const student = (over: Partial<Extract<RouteState, { kind: 'student' }>> = {}): RouteState => ({ kind: 'student', submitted: false, lastPage: null, hasChangedPage: false, ...over });

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

describe('the receipt e-mail', () => {
  const config = testConfig({ HELP_EMAIL: 'help@uni.example', OFFICE_PHONE: '(801) 555-0100', OFFICE_EMAIL: 'admissions@uni.example', PUBLIC_URL: 'https://apply.uni.example' });
  const base = { to: 'maria@example.org', reference: 'FA-7K3M9Q', submittedAt: new Date('2026-11-24T17:03:00Z'), applicantName: 'Maria Lopez', receiptId: '42' };

  it('says the reference, the time, what happens next and the office contacts, in text and HTML, with the PDF attached', () => {
    const mail = receiptMail(config, { ...base, pdf: { content: Buffer.from('%PDF-1.7'), filename: 'Freshman-Application-FA-7K3M9Q.pdf' } });
    expect(mail.subject).toContain('FA-7K3M9Q');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('FA-7K3M9Q');
      expect(part).toContain(receiptTime(base.submittedAt));
      expect(part).toContain('(801) 555-0100');
      expect(part).toContain('admissions@uni.example');
      expect(part).toContain('help@uni.example');
      for (const step of RECEIPT_NEXT_STEPS) expect(part).toContain(step);
    }
    expect(receiptTime(base.submittedAt)).toBe('November 24, 2026 at 5:03 PM UTC');
    expect(mail.attachments).toEqual([{ filename: 'Freshman-Application-FA-7K3M9Q.pdf', content: Buffer.from('%PDF-1.7'), contentType: 'application/pdf' }]);
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
