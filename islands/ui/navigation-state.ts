import type { Answers } from '../../form/types.js';
import { LOGGED_IN_COOKIE, hasIdentityCookie } from '../../contracts/cookies.js';

/**
 * §2 "navigation state": what travels from one screen to the next in this browser tab
 * (DESIGN §4: sessionStorage, so it never outlives the tab and never reaches the server unasked).
 */

/** Answers typed while logged out; the form island writes them, the login call hands them over. */
export const CARRIED_ANSWERS_KEY = 'freshman.answers';
/** The e-mail address passed from sign-up to /confirm and from confirm/reset to /login. */
export const NAV_USERNAME_KEY = 'freshman.username';
/** One message shown as a toast on the next screen (success messages, session invalid). */
export const FLASH_KEY = 'freshman.flash';
/** Every key this app keeps in sessionStorage starts with this (clearClientState removes them). */
export const STATE_PREFIX = 'freshman.';

export interface Flash {
  kind: 'success' | 'error';
  message: string;
  /** Defaults to 'Success' / 'Error' (§8). */
  title?: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled: navigation state is then simply lost
  }
}

function read<T>(key: string): T | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: nothing else to do
  }
}

export function readCarriedAnswers(): Answers | null {
  const answers = read<Answers>(CARRIED_ANSWERS_KEY);
  return answers && typeof answers === 'object' && !Array.isArray(answers) ? answers : null;
}

export function writeCarriedAnswers(answers: Answers): void {
  write(CARRIED_ANSWERS_KEY, answers);
}

export function clearCarriedAnswers(): void {
  storage()?.removeItem(CARRIED_ANSWERS_KEY);
}

export function readNavUsername(): string {
  const value = read<string>(NAV_USERNAME_KEY);
  return typeof value === 'string' ? value : '';
}

export function setNavUsername(username: string): void {
  write(NAV_USERNAME_KEY, username);
}

export function setFlash(flash: Flash): void {
  write(FLASH_KEY, flash);
}

/** Reads and removes the pending flash message (shown once). */
export function takeFlash(): Flash | null {
  const flash = read<Flash>(FLASH_KEY);
  storage()?.removeItem(FLASH_KEY);
  return flash && typeof flash.message === 'string' ? flash : null;
}

/** §4 login state on the client: any cookie with the identity-provider prefix. */
export function isLoggedIn(): boolean {
  return typeof document !== 'undefined' && hasIdentityCookie(document.cookie);
}

/** §8: "cache cleared": every navigation-state key, and the script-visible login marker. */
export function clearClientState(): void {
  const s = storage();
  if (s) {
    for (const key of Object.keys(s)) if (key.startsWith(STATE_PREFIX)) s.removeItem(key);
  }
  if (typeof document !== 'undefined') document.cookie = `${LOGGED_IN_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

/** Goes to another screen carrying navigation state. */
export function navigate(path: string, state: { flash?: Flash; username?: string } = {}): void {
  if (state.flash) setFlash(state.flash);
  if (state.username !== undefined) setNavUsername(state.username);
  window.location.assign(path);
}
