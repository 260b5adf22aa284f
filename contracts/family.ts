/**
 * Family access (issue 39, docs/after-submission.md#family-access): what the applicant's page, the family's sign-in
 * and status pages and the server agree on. A family member reads the applicant's status only; never an answer or
 * a document.
 */

/** The applicant's page is FAMILY_ROUTE (contracts/routes.ts); its plain form posts: */
export const FAMILY_INVITE_PATH = '/family/invite';
export const FAMILY_REMOVE_PATH = '/family/remove';

/** The family's pages (office layout, no script): sign in with an e-mailed code, then the read-only status. */
export const FAMILY_SIGN_IN_PATH = '/family/sign-in';
export const FAMILY_CODE_PATH = '/family/sign-in/code';
export const FAMILY_STATUS_PATH = '/family/status';
export const FAMILY_SIGN_OUT_PATH = '/family/sign-out';

/** Live invitations an applicant may have at once. */
export const MAX_FAMILY_MEMBERS = 3;
export const FAMILY_NAME_MAX = 100;
/** A family sign-in code works this long. */
export const FAMILY_CODE_MINUTES = 15;

export const FAMILY_FIELDS = { name: 'family_name', email: 'family_email', code: 'code', member: 'member' } as const;

/**
 * What the server answers about family access, in English (translated where shown, docs/i18n.md; `{{name}}` is
 * filled in by server/family/routes.server.ts in the reader's language).
 */
export const FAMILY_MESSAGES = {
  invited: 'We sent {{name}} an e-mail. They can sign in with a code we e-mail them each time.',
  removed: '{{name}} no longer has access. If they were signed in, they have been signed out.',
  nameMissing: 'Enter the name of the person you are inviting.',
  nameTooLong: `The name can be at most ${FAMILY_NAME_MAX} characters long.`,
  emailInvalid: 'Enter an e-mail address in the correct format, like name@example.com.',
  ownAddress: 'This is your own e-mail address. Invite someone else.',
  duplicate: 'You have already invited this e-mail address.',
  limit: `You can give at most ${MAX_FAMILY_MEMBERS} people access. Remove someone first.`,
  notSubmitted: 'You can invite family members once you have submitted your application.',
  tooManyInvitations: 'You have sent many invitations today. Please try again tomorrow.',
  unknownMember: 'This person no longer has access.',
  codeSent: `If this e-mail address has been invited, we sent it a sign-in code. It works once, for ${FAMILY_CODE_MINUTES} minutes. Check your inbox, then enter the code below.`,
  badCode: 'The code is incorrect or has expired. Check it, or ask for a new code.',
  signedOut: 'You have signed out.',
  sessionEnded: 'Please sign in to see the application status.',
} as const;

/** A person the applicant invited, as the applicant's pages show them (times already in the university's zone). */
export interface FamilyMemberView {
  id: string;
  name: string;
  email: string;
  invitedOn: string;
  /** "Signed in last on …", or null before the first sign-in. */
  lastSignedIn: string | null;
}

/** /family: who has access, and the invitation form while fewer than MAX_FAMILY_MEMBERS have. */
export interface FamilyAccessData {
  submitted: boolean;
  members: FamilyMemberView[];
  /** The form shown again after a refused invitation (a 4xx), with what was typed. */
  form: { name: string; email: string; errors: { name?: string; email?: string } } | null;
}

/** The family's sign-in page: the address, then the code. */
export interface FamilySignInData {
  title: string;
  step: 'email' | 'code';
  email: string;
  notice: { kind: 'info' | 'error'; text: string } | null;
  error: { field: 'email' | 'code'; text: string } | null;
}

/** One applicant's status as a family member reads it: no answer but the name, no document. */
export interface FamilyApplicantStatus {
  /** The invitation's id (an anchor on the page), never the applicant's. */
  id: string;
  name: string;
  submittedOn: string;
  transcript: { done: boolean; text: string };
  decision: { state: 'expected'; by: string } | { state: 'ready'; headline: string; letter: string | null; releasedOn: string };
  /** The applicant's reply to an offer, once they have made one (server/family/offer-reply.server.ts). */
  reply: string | null;
}

export interface FamilyStatusData {
  title: string;
  email: string;
  applicants: FamilyApplicantStatus[];
}
