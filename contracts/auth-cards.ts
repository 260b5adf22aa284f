import type { AuthForm } from './auth-check.js';

/**
 * The five §2 auth cards as data: what each asks for, where it posts and where a success goes. One
 * component renders them (islands/auth/AuthCard.tsx, a `<form method="post">` that works without
 * JavaScript), the islands enhance it, and the server's form-post layer (server/auth/form-posts.server.ts)
 * answers the same posts with the same rules and the same destinations.
 */

export type AuthCardName = 'signup' | 'confirm' | 'login' | 'forgot' | 'reset';

export interface AuthFieldDefinition {
  /** Input id and name = the rules' key (DESIGN §6). */
  key: string;
  label: string;
  type: 'email' | 'password' | 'text' | 'hidden';
  autoComplete?: string;
  inputMode?: 'numeric';
  readOnly?: boolean;
  /** Described by the live password checklist. */
  checklist?: boolean;
}

/**
 * Where a success goes. `to` equal to the card's own path means "stay": a success toast (or, without
 * scripts, the message at the top of the card again). Otherwise the next page, with the message as a
 * flash when `flash`, and the address carried to prefill it when `carryUsername`.
 */
export interface AuthSuccess {
  to: string;
  flash: boolean;
  carryUsername: boolean;
}

export interface AuthCardDefinition {
  name: AuthCardName;
  /** The page, and the target of its plain form post. */
  path: string;
  /** The shared rules it validates with (contracts of §5). */
  form: AuthForm;
  /** The JSON call the island makes (§7). */
  call: string;
  title: string;
  /** What went wrong, in words (issue 38): the error toast's title, and the heading of the error summary. */
  errorTitle: string;
  fields: readonly AuthFieldDefinition[];
  /** §4 "Fields checked on submit". */
  submitFields: readonly string[];
  success: AuthSuccess;
  /** The live checklist under the password; 'match' adds 'passwords must match'. */
  checklist?: 'password' | 'match';
  /** "Resend confirmation code": a second submit button of the same form. */
  resend?: { label: string; success: AuthSuccess };
  links?: ReadonlyArray<{ href: string; text: string }>;
  footer: { question: string; href: string; text: string };
  /** The login call carries the answers typed while logged out (§2). */
  carriesAnswers?: boolean;
}

/** The name of the resend submit button: posted with it, the form asks for a new confirmation code instead. */
export const RESEND_FIELD = 'resend';
/** The resend call, its rules and its error title. */
export const RESEND = { call: '/public/resend-confirm', form: 'resend', errorTitle: 'We could not send you a new code' } as const;

const email = (autoComplete: string, readOnly = false): AuthFieldDefinition => ({
  key: 'username',
  label: 'Email',
  type: 'email',
  autoComplete,
  readOnly,
});
const password = (label: string, autoComplete: string, checklist = false): AuthFieldDefinition => ({
  key: 'password',
  label,
  type: 'password',
  autoComplete,
  checklist,
});
const logInLink = (question: string) => ({ question, href: '/login', text: 'Log in' });
const toConfirm: AuthSuccess = { to: '/confirm', flash: true, carryUsername: true };
const toLogin: AuthSuccess = { to: '/login', flash: true, carryUsername: true };

export const AUTH_CARDS: Record<AuthCardName, AuthCardDefinition> = {
  signup: {
    name: 'signup',
    path: '/signup',
    form: 'signup',
    call: '/public/signup',
    title: 'Sign Up',
    errorTitle: 'We could not create your account',
    fields: [email('email'), password('Password', 'new-password', true)],
    submitFields: ['username', 'password'],
    success: toConfirm,
    checklist: 'password',
    footer: logInLink('Already have an account?'),
  },
  confirm: {
    name: 'confirm',
    path: '/confirm',
    form: 'confirm',
    call: '/public/confirm',
    title: 'Confirm Your Account',
    errorTitle: 'We could not confirm your account',
    fields: [
      email('username'),
      { key: 'code', label: 'Confirmation code', type: 'text', inputMode: 'numeric', autoComplete: 'one-time-code' },
    ],
    submitFields: ['username', 'code'],
    success: toLogin,
    resend: { label: 'Resend confirmation code', success: { to: '/confirm', flash: true, carryUsername: true } },
    footer: logInLink('Already confirmed?'),
  },
  login: {
    name: 'login',
    path: '/login',
    form: 'login',
    call: '/public/login',
    title: 'Log In',
    errorTitle: 'We could not log you in',
    // "webauthn": the browser may offer this site's passkeys in the field's autofill (issue 41, PasskeySignIn).
    fields: [email('username webauthn'), password('Password', 'current-password')],
    submitFields: ['username', 'password'],
    success: { to: '/about', flash: false, carryUsername: false },
    resend: { label: 'Resend confirmation code?', success: toConfirm },
    links: [{ href: '/forgot', text: 'Forgot password?' }],
    footer: { question: "Don't have an account?", href: '/signup', text: 'Sign up' },
    carriesAnswers: true,
  },
  forgot: {
    name: 'forgot',
    path: '/forgot',
    form: 'forgot',
    call: '/public/forgot-password',
    title: 'Forgot Password',
    errorTitle: 'We could not send you a reset e-mail',
    fields: [email('username')],
    submitFields: ['username'],
    success: { to: '/forgot', flash: true, carryUsername: false },
    footer: logInLink('Remember your password?'),
  },
  reset: {
    name: 'reset',
    path: '/reset',
    form: 'reset',
    call: '/public/reset-password',
    title: 'Reset Password',
    errorTitle: 'We could not change your password',
    fields: [
      email('username', true),
      password('New password', 'new-password', true),
      { key: 'confirm_password', label: 'Confirm new password', type: 'password', autoComplete: 'new-password' },
      // The reset link's token (§2 query parameter id), posted back with the form.
      { key: 'id', label: 'Reset link', type: 'hidden' },
    ],
    submitFields: ['password', 'confirm_password', 'id'],
    success: toLogin,
    checklist: 'match',
    footer: logInLink('Remember your password?'),
  },
};

/** What a card shows when the server renders it again after a plain post, or with a carried address. */
export interface AuthCardState {
  /** What was typed, never a password. */
  values?: Record<string, string>;
  errors?: Record<string, string[]>;
  /** The call's own message (e.g. 'Incorrect username or password.'), shown in the error summary. */
  problem?: string;
  /** The summary's heading when not the card's own error title (a refused resend). */
  title?: string;
}

/** The values a card keeps when shown again: every field but the passwords. */
export function keptValues(card: AuthCardDefinition, values: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const field of card.fields) {
    const value = values[field.key];
    if (field.type !== 'password' && typeof value === 'string') kept[field.key] = value.slice(0, 300);
  }
  return kept;
}
