import type { CookieOptions } from 'express';
import type { Config } from '../platform/config.server.js';

/** The site is served over TLS (directly or behind a proxy that terminates it): cookies get Secure, responses HSTS. */
export function servesHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}

/** The options every cookie of this app starts from: first-party, Secure over https, HttpOnly unless a script must read it. */
export function cookieOptions(config: Pick<Config, 'publicUrl'>, options: { httpOnly?: boolean; path?: string } = {}): CookieOptions {
  return { httpOnly: options.httpOnly ?? true, sameSite: 'lax', secure: servesHttps(config), path: options.path ?? '/' };
}

/** The Cookie header of vike's headersOriginal (or any headers object), as one string. */
export function cookieHeaderOf(headers: unknown): string | null {
  if (!headers || typeof headers !== 'object') return null;
  const value = (headers as Record<string, unknown>).cookie;
  if (Array.isArray(value)) return value.join('; ');
  return typeof value === 'string' ? value : null;
}
