/**
 * npm run service-link -- <applicant e-mail | application id>
 *   Prints the staff desk's URL of one application, /staff/applications/<id>: it opens in the staff session
 *   only (sign in to the desk first), so it is no bearer link and can be pasted into a ticket or a chat
 *   (docs/decisions/0240-staff-view-in-the-staff-session.md). An e-mail is looked up in the database; while
 *   the server holds the embedded database the command prints the desk's search for that address instead.
 *   `--hours` is accepted and ignored (links no longer expire: the session does).
 */
import { join } from 'node:path';
import { loadConfig } from '../../platform/config.server.js';
import { parseCliArgs, runCli } from './args.server.js';
import { openDatabase } from '../../db/knex.server.js';
import { migrateLatest } from '../../db/migrate.server.js';
import { findUserByUsername } from '../../db/repos/users.server.js';

const USAGE = 'usage: npm run service-link -- <applicant e-mail | application id>';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function serverIsRunning(publicUrl: string): Promise<boolean> {
  // A server that is not running refuses at once; one that is running but slow (a busy machine) is waited for:
  // after 1.5 s this command took a busy server for none and opened the embedded database beside it.
  return fetch(`${publicUrl}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
    (res) => res.ok,
    () => false,
  );
}

async function main(): Promise<number> {
  const config = loadConfig();
  const { positional, flags } = parseCliArgs(process.argv.slice(2));
  const given = positional[0]?.trim() ?? '';
  if (flags.has('revoke')) {
    console.error(
      'Staff links are no longer bearer links: there is nothing to revoke. Remove the staff member from STAFF_EMAILS (or the group) to end their access.',
    );
    return 0;
  }
  if (UUID.test(given)) {
    console.log(`${config.publicUrl}/staff/applications/${given.toLowerCase()}`);
    return 0;
  }
  if (!/^[^@\s]+@[^@\s]+$/.test(given)) {
    console.error(USAGE);
    return 2;
  }
  const email = given.toLowerCase();
  if (!config.databaseUrl && (await serverIsRunning(config.publicUrl))) {
    // PGlite admits one process: the running server finds the application through its own search.
    console.error('The server holds the embedded database: this is the staff desk search for that address (sign in first).');
    console.log(`${config.publicUrl}/staff?q=${encodeURIComponent(email)}`);
    return 0;
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: join(config.dataDir, 'pglite') });
  try {
    await migrateLatest(db.knex);
    const user = await findUserByUsername(db.knex, email);
    if (!user) {
      console.error(`No account for ${email}.`);
      return 1;
    }
    console.error(`The application of ${email} at the staff desk (sign in first):`);
    console.log(`${config.publicUrl}/staff/applications/${user.id}`);
    return 0;
  } finally {
    await db.close();
  }
}

runCli(main);
