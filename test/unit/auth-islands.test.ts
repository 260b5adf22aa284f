import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { AuthCardLogin } from '../../islands/AuthCardLogin.island.js';
import { AuthCardSignup } from '../../islands/AuthCardSignup.island.js';
import { AuthCardConfirm } from '../../islands/AuthCardConfirm.island.js';
import { AuthCardForgot } from '../../islands/AuthCardForgot.island.js';
import { AuthCardReset } from '../../islands/AuthCardReset.island.js';
import { Toaster } from '../../islands/Toaster.island.js';
import { LogoutButton } from '../../islands/LogoutButton.island.js';
import { onToast, showError, showSuccess, type Toast } from '../../islands/ui/toast-bus.js';
import { ApiError, UnauthorizedError, api, logout } from '../../islands/ui/api.js';
import { GENERIC_ERROR_MESSAGE, SESSION_INVALID_MESSAGE } from '../../contracts/messages.js';
import {
  CARRIED_ANSWERS_KEY,
  FLASH_KEY,
  clearClientState,
  readCarriedAnswers,
  takeFlash,
  writeCarriedAnswers,
} from '../../islands/ui/navigation-state.js';

describe('auth islands render on the server', () => {
  it.each([
    ['AuthCardLogin', () => createElement(AuthCardLogin), 'Log In'],
    ['AuthCardSignup', () => createElement(AuthCardSignup), 'Sign Up'],
    ['AuthCardConfirm', () => createElement(AuthCardConfirm), 'Confirm Your Account'],
    ['AuthCardForgot', () => createElement(AuthCardForgot), 'Forgot Password'],
    ['AuthCardReset', () => createElement(AuthCardReset, { values: { username: 'a@example.org', id: 'x' } }), 'Reset Password'],
  ])('%s', (_name, element, title) => {
    const html = renderToString(element());
    expect(html).toContain(`>${title}</h1>`);
    expect(html).toContain('>Submit</button>');
    expect(html).not.toMatch(/\sstyle="/);
    // Tab order e-mail → password/code → Submit: the inputs come before the Submit button.
    expect(html.indexOf('id="username"')).toBeLessThan(html.indexOf('>Submit</button>'));
    expect(html).toMatch(/aria-describedby="username-error/);
    // A plain form to the page's own URL, its Submit usable before (or without) hydration.
    expect(html).toMatch(/<form(?=[^>]*id="auth-form")(?=[^>]*method="post")(?=[^>]*action="\/(login|signup|confirm|forgot|reset)")[^>]*>/);
    expect(html).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  });

  it('LogoutButton renders a plain form posting to /logout, usable before (or without) hydration', () => {
    const html = renderToString(createElement(LogoutButton, {}));
    expect(html).toMatch(
      /^<form(?=[^>]*method="post")(?=[^>]*action="\/logout")[^>]*><button type="submit" class="button button--secondary">Log Out<\/button><\/form>$/,
    );
  });

  it('Toaster renders nothing on the server (its viewport carries an inline style)', () => {
    expect(renderToString(createElement(Toaster))).toBe('');
  });
});

/** A minimal browser for the client modules: sessionStorage, document.cookie, location.assign. */
function fakeBrowser() {
  const store = new Map<string, string>();
  const sessionStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    key: (i: number) => [...store.keys()][i] ?? null,
    get length() {
      return store.size;
    },
  };
  // Object.keys(sessionStorage) lists keys in a browser; emulate it with a proxy.
  const proxy = new Proxy(sessionStorage, {
    ownKeys: () => [...store.keys()],
    getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }),
  });
  const assign = jest.fn();
  const cookies: string[] = [];
  (globalThis as any).window = { sessionStorage: proxy, location: { assign } };
  (globalThis as any).document = {
    get cookie() {
      return '';
    },
    set cookie(v: string) {
      cookies.push(v);
    },
  };
  return { store, assign, cookies };
}

describe('toast bus', () => {
  it('queues toasts until the Toaster listens, with §8 default titles', () => {
    showSuccess('Saved.');
    showError('Nope.', 'We could not log you in');
    const got: Toast[] = [];
    const stop = onToast((t) => got.push(t));
    showError('Later.');
    stop();
    expect(got.map((t) => [t.kind, t.title, t.message])).toEqual([
      ['success', 'Success', 'Saved.'],
      ['error', 'We could not log you in', 'Nope.'],
      ['error', 'Error', 'Later.'],
    ]);
  });
});

describe('api helper (§8)', () => {
  let browser: ReturnType<typeof fakeBrowser>;
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    browser = fakeBrowser();
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    delete (globalThis as any).window;
    delete (globalThis as any).document;
  });
  const respond = (status: number, body: string, type = 'application/json') => {
    globalThis.fetch = jest.fn(async () => new Response(body, { status, headers: { 'Content-Type': type } })) as typeof fetch;
  };

  it('sends JSON and returns the parsed body', async () => {
    respond(200, '{"message":"ok"}');
    await expect(api('/public/login', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ message: 'ok' });
    const [, init] = (globalThis.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no body and no Content-Type without a payload', async () => {
    respond(200, '{}');
    await api('/api/session');
    const [, init] = (globalThis.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('maps a non-OK response to its message, or the generic one', async () => {
    respond(400, '{"message":"Incorrect username or password."}');
    await expect(api('/public/login')).rejects.toThrow('Incorrect username or password.');
    respond(500, '{"message":{"not":"a string"}}');
    await expect(api('/public/login')).rejects.toThrow(GENERIC_ERROR_MESSAGE);
    respond(502, '<html>Bad gateway</html>', 'text/html');
    await expect(api('/public/login')).rejects.toBeInstanceOf(ApiError);
    respond(200, 'not json', 'text/plain');
    await expect(api('/public/login')).rejects.toThrow(GENERIC_ERROR_MESSAGE);
  });

  it('on 401 clears client state and goes to /login with the session-invalid message', async () => {
    writeCarriedAnswers({ first_name: 'Ada' });
    respond(401, '{"message":"x"}');
    await expect(api('/api/profile')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(browser.assign).toHaveBeenCalledWith('/login');
    expect(browser.store.has(CARRIED_ANSWERS_KEY)).toBe(false);
    expect(JSON.parse(browser.store.get(FLASH_KEY)!)).toEqual({ kind: 'error', message: SESSION_INVALID_MESSAGE });
    expect(browser.cookies.some((c) => /loggedIn=; Max-Age=0/.test(c))).toBe(true);
  });

  it('logout does the same after POST /api/logout', async () => {
    respond(200, '{"message":"You have been logged out."}');
    await logout();
    expect((globalThis.fetch as jest.Mock).mock.calls[0]![0]).toBe('/api/logout');
    expect((globalThis.fetch as jest.Mock).mock.calls[0]![1]).toMatchObject({ method: 'POST' });
    expect(browser.assign).toHaveBeenCalledWith('/login');
    expect(takeFlash()).toEqual({ kind: 'error', message: SESSION_INVALID_MESSAGE });
    expect(takeFlash()).toBeNull();
  });

  it('clearClientState removes only this app’s keys', () => {
    browser.store.set('other.key', '1');
    writeCarriedAnswers({ a: 'b' });
    expect(readCarriedAnswers()).toEqual({ a: 'b' });
    clearClientState();
    expect([...browser.store.keys()]).toEqual(['other.key']);
  });
});
