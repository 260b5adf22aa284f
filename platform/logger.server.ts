import { pino, type Logger, type DestinationStream } from 'pino';
import { traceFields } from './observability/telemetry.server.js';

/** Paths whose values never reach a log line: credentials, codes, tokens and cookies. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["if-match"]',
  'res.headers["set-cookie"]',
  'password',
  'confirm_password',
  'code',
  'token',
  'id_token',
  'service_token',
  '*.password',
  '*.confirm_password',
  '*.code',
  '*.token',
  '*.service_token',
  'body.id',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: undefined,
      // The trace id of the request or job a line belongs to, when tracing is on ({} and one null check when off).
      mixin: traceFields,
    },
    destination,
  );
}

/** Path parameters whose value is a credential: a link's token (`/counselor/:token`, and any `:token` to come). */
export const SECRET_PARAMS: ReadonlySet<string> = new Set(['token']);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The request log's path for the route map's templates (server/routes.server.ts): each segment that a secret
 * parameter of some template would match becomes `[redacted]` (issue 35 finding 4), and every query value too
 * (`?token=`, `?service_token=`, reset `id=`). Judged on the URL, not on the row that answered, so a request
 * refused before routing (Origin check, NUL in the URL) is redacted as well.
 */
export function logPathFor(templates: readonly string[]): (url: string) => string {
  const patterns: RegExp[] = [];
  for (const template of templates) {
    const segments = template.split('/').slice(1);
    const secret = segments.findIndex((segment) => segment.startsWith(':') && SECRET_PARAMS.has(segment.slice(1)));
    if (secret === -1) continue;
    // Everything up to the secret segment must match as Express would (case-insensitively, any value for a parameter).
    const before = segments.slice(0, secret).map((segment) => (segment.startsWith(':') ? '[^/?#]+' : escapeRegExp(segment)));
    patterns.push(new RegExp(`^(/${before.map((s) => `${s}/`).join('')})[^/?#]+`, 'i'));
  }
  return (url) => {
    let path = url;
    for (const pattern of patterns) path = path.replace(pattern, '$1[redacted]');
    return pathForLog(path);
  };
}

/** Query strings may carry tokens (`?token=`, `?service_token=`, reset `id=`): log the path only. */
export function pathForLog(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString().replace(/%5Bredacted%5D/g, '[redacted]')}`;
}
