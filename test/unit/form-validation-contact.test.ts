/** §5 phones, birth date, parents and counselor: the messages the validator gives for each case. */
import { describe, expect, test } from '@jest/globals';
import { clearInvalidDates } from '../../form/answers.js';
import { PHONE_MESSAGES, parentMessages } from '../../form/messages.js';
import { validate } from '../../form/validate.js';
import type { Answers, FormDefinition } from '../../form/types.js';
import { NOW, VALID } from './validation-form-base.js';

function messagesOf(answers: Answers, key: string, definition?: FormDefinition): string[] {
  return validate(answers, 'all', { now: NOW, ...(definition ? { definition } : {}) }).find((entry) => entry.key === key)?.messages ?? [];
}

type Case = [string, Answers, string, string[]];

/** Titles read "<case> → <key> <messages>"; the answers patch goes last so the title leaves it out. */
const rows = (cases: readonly Case[]) => cases.map(([name, patch, key, expected]) => [name, key, expected, patch] as const);

const phones: Case[] = [
  ['home (xxx) xxx-xxxx', { phone_home: '(801) 555-1234' }, 'phone_home', []],
  ['home xxx-xxx-xxxx', { phone_home: '801-555-1234' }, 'phone_home', []],
  ['home without hyphen (validHome)', { phone_home: '8015551234' }, 'phone_home', [PHONE_MESSAGES.validHome]],
  ['home too short (validHome)', { phone_home: '(801) 555-123' }, 'phone_home', [PHONE_MESSAGES.validHome]],
  ['mobile valid', { phone_mobile: '(801) 555-9876' }, 'phone_mobile', []],
  ['mobile letters (validMobile)', { phone_mobile: '(801) CALL-NOW' }, 'phone_mobile', [PHONE_MESSAGES.validMobile]],
  ['text updates without a cell phone (optIn)', { optin_sms_ind: true }, 'phone_mobile', [PHONE_MESSAGES.optIn]],
  ['text updates with a cell phone', { optin_sms_ind: true, phone_mobile: '(801) 555-9876' }, 'phone_mobile', []],
  ['no text updates, no cell phone', { optin_sms_ind: false }, 'phone_mobile', []],
  ['neither phone (oneRequired)', { phone_home: '', phone_mobile: '' }, 'phone_home', [PHONE_MESSAGES.oneRequired]],
  ['only a cell phone', { phone_home: '', phone_mobile: '(801) 555-9876' }, 'phone_home', []],
];

describe('§5 phones (validHome, validMobile, optIn, oneRequired)', () => {
  test.each(rows(phones))('%s → %s %j', (_name, key, expected, patch) => {
    expect(messagesOf({ ...VALID, ...patch }, key)).toEqual(expected);
  });

  test('the message keys carry the §5 texts', () => {
    expect(PHONE_MESSAGES).toEqual({
      validHome: 'Please enter a valid home phone number.',
      validMobile: 'Please enter a valid cell phone number.',
      optIn: 'A cell phone number is required to receive text message updates.',
      oneRequired: 'Please enter either a home phone or cell phone number.',
      validInternational: 'Please enter a valid international phone number, with its country code.',
    });
  });

  test('international variant (an address outside the U.S.): an international number alone is enough; nothing at all is not', () => {
    const abroad = { ...VALID, country: 'GB', country_desc: 'United Kingdom', state: '', state_desc: '', zip: '' };
    expect(messagesOf({ ...abroad, phone_home: '', phone_international: '+44 20 7946 0958' }, 'phone_home')).toEqual([]);
    expect(messagesOf({ ...abroad, phone_home: '', phone_international: '+44 20 7946 0958' }, 'phone_international')).toEqual([]);
    expect(messagesOf({ ...abroad, phone_home: '', phone_international: '' }, 'phone_home')).toEqual([PHONE_MESSAGES.oneRequired]);
    expect(messagesOf({ ...abroad, phone_international: 'call me' }, 'phone_international')).toEqual([PHONE_MESSAGES.validInternational]);
    // A U.S. address has no such question: its answer is cleared, and the home or cell phone is still needed.
    expect(messagesOf({ ...VALID, phone_home: '', phone_international: '+44 20 7946 0958' }, 'phone_home')).toEqual([
      PHONE_MESSAGES.oneRequired,
    ]);
  });
});

const birthDates: Case[] = [
  ['empty', { birth_date: '' }, 'birth_date', ['"Date of Birth" is required.']],
  ['not a date', { birth_date: 'March 4' }, 'birth_date', ['A valid date of birth is required.']],
  ['an impossible day', { birth_date: '2008-02-30' }, 'birth_date', ['A valid date of birth is required.']],
  ['exactly 13 years ago', { birth_date: '2013-11-22' }, 'birth_date', []],
  ['one day short of 13', { birth_date: '2013-11-23' }, 'birth_date', ['You must be 13 years or older to apply.']],
  ['12 years ago', { birth_date: '2014-11-22' }, 'birth_date', ['You must be 13 years or older to apply.']],
  ['in the future', { birth_date: '2030-01-01' }, 'birth_date', ['You must be 13 years or older to apply.']],
  ['exactly 100 years ago', { birth_date: '1926-11-22' }, 'birth_date', []],
  [
    'more than 100 years ago',
    { birth_date: '1926-11-21' },
    'birth_date',
    ['This date is not supported. Please contact help support for assistance.'],
  ],
];

describe('§5 birth_date', () => {
  test.each(rows(birthDates))('%s → %s %j', (_name, key, expected, patch) => {
    expect(messagesOf({ ...VALID, ...patch }, key)).toEqual(expected);
  });

  test('an invalid date is cleared by clearInvalidDates; valid and empty ones are kept', () => {
    expect(clearInvalidDates({ birth_date: '2008-02-30', first_name: 'Ada' })).toEqual({ birth_date: '', first_name: 'Ada' });
    expect(clearInvalidDates({ birth_date: '2008-02-29' })).toEqual({ birth_date: '2008-02-29' });
    expect(clearInvalidDates({ birth_date: '' })).toEqual({ birth_date: '' });
    expect(clearInvalidDates({})).toEqual({});
  });
});

const p1 = parentMessages(1);
const p2 = parentMessages(2);
const parents: Case[] = [
  ['parent 1 e-mail missing', { parent_email_address: '' }, 'parent_email_address', [p1.email]],
  ['parent 1 e-mail malformed', { parent_email_address: 'parent@' }, 'parent_email_address', [p1.email]],
  ['parent 1 e-mail valid', { parent_email_address: 'p@example.org' }, 'parent_email_address', []],
  ['parent 1 phone missing', { parent_phone: '' }, 'parent_phone', [p1.phone]],
  ['parent 1 area code starting with 1', { parent_phone: '(108) 555-2345' }, 'parent_phone', [p1.phone]],
  ['parent 1 exchange code starting with 0', { parent_phone: '(208) 055-2345' }, 'parent_phone', [p1.phone]],
  ['parent 1 phone valid', { parent_phone: '208-555-2345' }, 'parent_phone', []],
  ['no preference: parent 1 is not asked', { parent_communication_preference: '', parent_email_address: 'x' }, 'parent_email_address', []],
  [
    'preference 2: parent 2 e-mail may be empty',
    { parent_communication_preference: '2', parent_2_email_address: '' },
    'parent_2_email_address',
    [],
  ],
  [
    'preference 2: parent 2 e-mail malformed',
    { parent_communication_preference: '2', parent_2_email_address: 'x@' },
    'parent_2_email_address',
    [p2.email],
  ],
  ['preference 2: parent 2 phone may be empty', { parent_communication_preference: '2', parent_2_phone: '' }, 'parent_2_phone', []],
  [
    'preference 2: parent 2 phone with exchange 1',
    { parent_communication_preference: '2', parent_2_phone: '(208) 155-2345' },
    'parent_2_phone',
    [p2.phone],
  ],
  ['preference 2: parent 2 phone valid', { parent_communication_preference: '2', parent_2_phone: '(208) 555-2345' }, 'parent_2_phone', []],
  [
    'preference 1: parent 2 is never validated',
    { parent_communication_preference: '1', parent_2_email_address: 'x@', parent_2_phone: '1' },
    'parent_2_email_address',
    [],
  ],
  ['counselor e-mail empty', { counselor_email_address: '' }, 'counselor_email_address', []],
  [
    'counselor e-mail malformed',
    { counselor_email_address: 'counselor@school' },
    'counselor_email_address',
    ['The counselor email address you entered is invalid.'],
  ],
  ['counselor e-mail valid', { counselor_email_address: 'counselor@school.org' }, 'counselor_email_address', []],
];

describe('§5 parents and counselor', () => {
  test.each(rows(parents))('%s → %s %j', (_name, key, expected, patch) => {
    expect(messagesOf({ ...VALID, ...patch }, key)).toEqual(expected);
  });

  test('the parent texts are the §5 ones', () => {
    expect([p1.email, p1.phone, p2.email, p2.phone]).toEqual([
      'Parent 1/Guardian 1: Please enter a valid email address.',
      'Parent 1/Guardian 1: Please enter a valid phone number.',
      'Parent 2/Guardian 2: Please enter a valid email address.',
      'Parent 2/Guardian 2: Please enter a valid phone number.',
    ]);
  });
});
