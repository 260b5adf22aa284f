import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { openToken, sealToken } from '../../platform/tokens/signed-token.server.js';
import { parseAnswers } from '../application/answers.server.js';
import { withDescriptions } from '../../form/answers.js';

const PURPOSE = 'prefill';
export const DEFAULT_PREFILL_HOURS = 72;

/**
 * A public temporary answer link (§7 GET /public/tmp): the answers travel inside the token, compressed and
 * sealed (AES-256-GCM under a key from SESSION_SECRET: a URL must not show them, issue 23 finding 13), so it can
 * be minted without the database. Answers are checked against the definition.
 */
export function signPrefillToken(secret: string, answers: unknown, options: { now: Date; hours?: number }): string {
  const checked = withDescriptions(parseAnswers(answers), undefined, options.now);
  const packed = deflateRawSync(Buffer.from(JSON.stringify(checked))).toString('base64url');
  return sealToken(
    secret,
    PURPOSE,
    { a: packed },
    { now: options.now, ttlSeconds: Math.round((options.hours ?? DEFAULT_PREFILL_HOURS) * 3600) },
  );
}

export type PrefillResult = { ok: true; answers: Record<string, string | boolean> } | { ok: false; expired: boolean };

export function readPrefillToken(secret: string, token: unknown, now: Date): PrefillResult {
  const verified = openToken<{ a: string }>(secret, PURPOSE, token, now);
  if (!verified.ok) return { ok: false, expired: verified.reason === 'expired' };
  try {
    const answers = JSON.parse(
      inflateRawSync(Buffer.from(verified.claims.a, 'base64url'), { maxOutputLength: 1_000_000 }).toString('utf8'),
    );
    return { ok: true, answers: parseAnswers(answers) };
  } catch {
    return { ok: false, expired: false };
  }
}
