/**
 * Every text the form's validation shows (§5). The quoted texts of §5 are reproduced exactly; the rest are
 * generic messages naming the question's label (in joi's wording, which the API used first), which §5
 * allows ("Generic library messages may appear").
 */

/** §5 texts that belong to specific questions of the definition. */
export const MESSAGES = {
  zipMinLength: 'ZIP/Postal Code must be at least 5 characters.',
  birthDateInvalid: 'A valid date of birth is required.',
  birthDateTooOld: 'This date is not supported. Please contact help support for assistance.',
  birthDateTooYoung: 'You must be 13 years or older to apply.',
  counselorEmail: 'The counselor email address you entered is invalid.',
  // Not §5: a counselor's link sent to the applicant or a parent would let them certify their own transcript.
  counselorNotApplicant: 'Enter your counselor’s address, not your own or a family member’s.',
  entryTermBeforeGraduation:
    'The term you chose starts before your high school graduation. Please choose a later term, or check your graduation date.',
  // §5 gives no text for legal_agree: the certification must be given before submitting.
  legalAgree: 'You must certify that your application is complete and correct.',
  gpa: 'Please enter your GPA as a number from 0 to 4, for example 3.75.',
} as const;

/** §5 phone messages under their §5 keys. */
export const PHONE_MESSAGES = {
  validHome: 'Please enter a valid home phone number.',
  validMobile: 'Please enter a valid cell phone number.',
  optIn: 'A cell phone number is required to receive text message updates.',
  oneRequired: 'Please enter either a home phone or cell phone number.',
  validInternational: 'Please enter a valid international phone number, with its country code.',
} as const;

/** §5 parent messages: 'Parent 1/Guardian 1: …' and 'Parent 2/Guardian 2: …'. */
export function parentMessages(parent: 1 | 2): { email: string; phone: string } {
  const who = `Parent ${parent}/Guardian ${parent}:`;
  return { email: `${who} Please enter a valid email address.`, phone: `${who} Please enter a valid phone number.` };
}

/** Required fields name their label (§5 "Required fields (label in quotes)"). */
export function requiredMessage(label: string): string {
  return `"${label}" is required.`;
}

export function maxLengthMessage(label: string, limit: number): string {
  return `"${label}" must be at most ${limit} characters.`;
}

export function notAnOptionMessage(label: string): string {
  return `"${label}" must be one of the listed options.`;
}

export function typeMessage(label: string, expected: 'text' | 'true or false'): string {
  return `"${label}" must be ${expected}.`;
}

/** Format messages of a kind when the question does not give its own (invalidMessage). */
export const FORMAT_MESSAGES = {
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  ssn: 'Please enter a number in the format 123-45-6789.',
  date: 'Please enter a valid date.',
  file: 'Please upload a document.',
} as const;

/** §5 textarea live counter. */
export function characterCount(count: number, limit: number): string {
  return `Character count: ${count} / ${limit}`;
}
