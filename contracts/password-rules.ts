/**
 * The password rules as data (§4 checklist, §5 Auth): the auth cards draw the live checklist from them on
 * load, and contracts/auth-check.ts checks with them (for the cards and the API alike). Shared with the
 * browser: nothing server-only may be imported here.
 */

export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase, short enough that hashing stays cheap. */
export const PASSWORD_MAX_LENGTH = 256;

/** The special characters a password may use to meet the rule (the set Amazon Cognito documents). */
export const PASSWORD_SPECIAL_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

const escaped = PASSWORD_SPECIAL_CHARACTERS.replace(/[\\\]^-]/g, '\\$&');

export interface PasswordRule {
  id: string;
  /** Checklist text, read after "Your password:". */
  label: string;
  /** The validation message when the rule fails: a whole sentence, as it stands alone under the field (issue 38). */
  message: string;
  pattern: RegExp;
  /** The rule holds when the pattern does NOT match. */
  invert?: boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `is at least ${PASSWORD_MIN_LENGTH} characters`,
    message: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
    pattern: new RegExp(`^[\\s\\S]{${PASSWORD_MIN_LENGTH},}$`),
  },
  { id: 'uppercase', label: 'has an uppercase letter', message: 'Your password must have an uppercase letter.', pattern: /\p{Lu}/u },
  { id: 'lowercase', label: 'has a lowercase letter', message: 'Your password must have a lowercase letter.', pattern: /\p{Ll}/u },
  { id: 'number', label: 'has a number', message: 'Your password must have a number.', pattern: /[0-9]/ },
  {
    id: 'special',
    label: 'has a special character',
    message: 'Your password must have one of the special characters listed below.',
    pattern: new RegExp(`[${escaped}]`),
  },
  {
    id: 'whitespace',
    label: 'does not begin or end with a space',
    message: 'Your password must not begin or end with a space.',
    pattern: /^\s|\s$/,
    invert: true,
  },
];

/** The reset card's extra checklist item, and the confirm_password message when it fails. */
export const PASSWORDS_MATCH_RULE = { id: 'match', label: 'passwords must match', message: 'The two passwords must match.' } as const;

export function passwordRuleHolds(rule: PasswordRule, password: string): boolean {
  return rule.pattern.test(password) !== Boolean(rule.invert);
}
