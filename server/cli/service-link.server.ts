/**
 * npm run service-link -- <applicant e-mail> [--hours N]
 *   Prints the staff read-only URLs of the three form pages of one application (signed with SESSION_SECRET; default 24 hours).
 *   Needs no database, so it works while the server runs on the embedded one.
 * npm run service-link -- --revoke <applicant e-mail>
 *   Revokes every link issued so far for that applicant. Needs the database: with PostgreSQL it works any
 *   time; with the embedded database, stop the server first (PGlite admits one process at a time).
 */
import { loadConfig } from '../config.server.js';
import { parseCliArgs, runCli } from './args.server.js';
import { revokeServiceLinks } from '../service/service-token.server.js';
import { signServiceToken, DEFAULT_SERVICE_LINK_HOURS } from '../security/service-link-token.server.js';
import { openDatabase } from '../../db/knex.server.js';
import { migrateLatest } from '../../db/migrate.server.js';
import { join } from 'node:path';
import { PAGE_IDS } from '../../form/definition.js';

const USAGE = 'usage: npm run service-link -- <applicant e-mail> [--hours N]\n       npm run service-link -- --revoke <applicant e-mail>';

async function serverIsRunning(publicUrl: string): Promise<boolean> {
  return fetch(`${publicUrl}/healthz`, { signal: AbortSignal.timeout(1500) }).then(
    (res) => res.ok,
    () => false,
  );
}

async function main(): Promise<number> {
  const config = loadConfig();
  const { positional, hours, flags } = parseCliArgs(process.argv.slice(2));
  const email = positional[0];
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) {
    console.error(USAGE);
    return 2;
  }
  if (flags.has('revoke')) {
    if (!config.databaseUrl && (await serverIsRunning(config.publicUrl))) {
      console.error(`The server at ${config.publicUrl} holds the embedded database: stop it first (or use DATABASE_URL).`);
      return 1;
    }
    const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') }).catch((err: Error) => {
      throw new Error(`Cannot open the database (${err.message}). With the embedded database, stop the server first.`);
    });
    try {
      await migrateLatest(db.knex);
      const done = await revokeServiceLinks(db.knex, email, new Date());
      console.log(done ? `Revoked every staff link issued so far for ${email.toLowerCase()}.` : `No account for ${email}.`);
      return done ? 0 : 1;
    } finally {
      await db.close();
    }
  }
  const token = signServiceToken(config.sessionSecret, email, { now: new Date(), hours: hours ?? DEFAULT_SERVICE_LINK_HOURS });
  const validFor = hours ?? DEFAULT_SERVICE_LINK_HOURS;
  console.error(`Staff read-only links for ${email.toLowerCase()}, valid for ${validFor} hour${validFor === 1 ? '' : 's'}:`);
  // One URL per line in step order, nothing else on stdout, so a script can take the lines as they are.
  for (const page of PAGE_IDS) console.log(`${config.publicUrl}/${page}?service_token=${token}`);
  return 0;
}

runCli(main);
