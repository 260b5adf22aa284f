import { clearClientState, navigate } from './navigation-state.js';
import { GENERIC_ERROR_MESSAGE, SESSION_INVALID_MESSAGE } from '../../contracts/messages.js';

/** A failed call; `message` is safe to show (the body's message, or the generic text). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Record<string, unknown> | null,
  ) {
    super(message);
  }
}

/** 401: the session is gone (§8 "Unauthorized"). By default the helper has already redirected. */
export class UnauthorizedError extends ApiError {}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; omitted when undefined (§7: a body only when a payload exists). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'redirect' (default): a 401 clears client state and goes to /login. 'throw': only throws. */
  onUnauthorized?: 'redirect' | 'throw';
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** §8 session invalid: clear client state, go to /login with the message. */
export function sessionInvalid(): void {
  clearClientState();
  navigate('/login', { flash: { kind: 'error', message: SESSION_INVALID_MESSAGE } });
}

/** Every island's JSON call: JSON in and out, §8 error mapping, 401 handling. */
export async function apiRequest<T = unknown>(path: string, options: ApiOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(GENERIC_ERROR_MESSAGE, 0, null);
  }
  let data: unknown = null;
  const isJson = /application\/([a-z.+-]*\+)?json/i.test(response.headers.get('content-type') ?? '');
  if (isJson) {
    try {
      data = await response.json();
    } catch {
      throw new ApiError(GENERIC_ERROR_MESSAGE, response.status, null);
    }
  } else if (response.status !== 204) {
    // Non-JSON (a proxy's error page, a redirect to HTML): §8 server error.
    if (response.status === 401) return unauthorized(response, null, options);
    throw new ApiError(GENERIC_ERROR_MESSAGE, response.status, null);
  }
  const body = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  if (response.status === 401) return unauthorized(response, body, options);
  if (!response.ok) {
    const message = typeof body?.message === 'string' ? body.message : GENERIC_ERROR_MESSAGE;
    throw new ApiError(message, response.status, body);
  }
  return { data: data as T, status: response.status, headers: response.headers };
}

function unauthorized(response: Response, body: Record<string, unknown> | null, options: ApiOptions): never {
  if (options.onUnauthorized !== 'throw') sessionInvalid();
  throw new UnauthorizedError(SESSION_INVALID_MESSAGE, response.status, body);
}

export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}

/** POST /api/logout (ADR 0230), then as for an invalid session (§7, §8: same text). Other errors are rethrown. */
export async function logout(): Promise<void> {
  try {
    await api('/api/logout', { method: 'POST', onUnauthorized: 'throw' });
  } catch (err) {
    if (!(err instanceof UnauthorizedError)) throw err;
  }
  sessionInvalid();
}
