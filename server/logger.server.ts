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

/** Query strings may carry tokens (`?token=`, `?service_token=`, reset `id=`): log the path only. */
export function pathForLog(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString().replace(/%5Bredacted%5D/g, '[redacted]')}`;
}
