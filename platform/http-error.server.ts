/** An error whose message is safe to show the client, with the HTTP status to send. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 429 with Retry-After in whole seconds (at least 1): every limit of the app refuses with this. */
export function tooManyRequests(message: string, waitMs: number, headers: Record<string, string> = {}): HttpError {
  return new HttpError(429, message, {}, { ...headers, 'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))) });
}
