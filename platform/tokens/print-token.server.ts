import { signToken, verifyToken, type VerifyResult } from './signed-token.server.js';

/**
 * The PDF renderer's ticket to the print document of one application (issue 23 finding 3). It replaces the
 * staff "service link", a bearer URL that showed the whole application to anyone holding it for hours. This
 * one names the application by id (no e-mail in a URL), lives two minutes, and the server accepts it once
 * (server/service/service-mode.server.ts records its id on use): by the time anyone could copy it out of a
 * log or a process list it opens nothing. It is minted by the worker only, never handed to a browser.
 */
export const PRINT_TOKEN_SECONDS = 120;

export function signPrintToken(secret: string, userId: string, now: Date): string {
  return signToken(secret, 'print', { a: userId }, { now, ttlSeconds: PRINT_TOKEN_SECONDS });
}

export function verifyPrintToken(secret: string, token: unknown, now: Date): VerifyResult<{ a: string }> {
  return verifyToken<{ a: string }>(secret, 'print', token, now);
}
