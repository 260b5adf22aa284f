/**
 * npm run prefill-link -- <answers.json> [--hours N]
 * Prints a URL whose answers pre-fill the form (§7 GET /public/tmp). The answers file is checked against
 * the form definition (unknown keys are refused). Signed with SESSION_SECRET; needs no database.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../../platform/config.server.js';
import { parseCliArgs } from './args.server.js';
import { DEFAULT_PREFILL_HOURS, signPrefillToken } from '../prefill/prefill-token.server.js';

try {
  const config = loadConfig();
  const { positional, hours } = parseCliArgs(process.argv.slice(2));
  const file = positional[0];
  if (!file) {
    console.error('usage: npm run prefill-link -- <answers.json> [--hours N]');
    process.exit(2);
  }
  const answers = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const token = signPrefillToken(config.sessionSecret, answers, { now: new Date(), hours: hours ?? DEFAULT_PREFILL_HOURS });
  console.log(`${config.publicUrl}/about?token=${token}`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
