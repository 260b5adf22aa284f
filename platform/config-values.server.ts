import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAdmissionCycle } from '../form/admission-cycle.js';

/** How single settings are found or read (config.server.ts validates the environment as a whole). */

export function findExecutable(candidates: string[]): string | null {
  return candidates.find((p) => existsSync(p)) ?? null;
}

export function findOnPath(name: string, pathVar: string | undefined): string | null {
  for (const dir of (pathVar ?? '').split(':')) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

export function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function admissionCycleSetting(value: string | undefined): number | null {
  if (value === undefined) return null;
  const parsed = parseAdmissionCycle(value);
  return 'fallYear' in parsed ? parsed.fallYear : null;
}

/** OTEL_EXPORTER_OTLP_HEADERS ("api-key=abc,x-tenant=7"): sent with every export, e.g. a collector's credentials. */
export function otlpHeaders(value: string | undefined): Record<string, string> {
  const pairs = (value ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string]);
  return Object.fromEntries(pairs.map(([key, ...rest]) => [key.trim(), decodeURIComponent(rest.join('=').trim())]));
}

export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
