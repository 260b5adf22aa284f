/**
 * npm run integration-client -- create <name> | list | revoke <name>
 *   Keys for GET /integration/v1/applications. A key is shown once, at creation; only its hash is kept.
 *   With PostgreSQL (DATABASE_URL) the command uses the database directly. With the embedded database it
 *   goes through the server running on this machine's PORT (a loopback-only endpoint, authorised by a token
 *   signed with SESSION_SECRET), and uses the database directly only when no server holds it (DESIGN §5).
 */
import { join } from 'node:path';
import type { Config } from '../../platform/config.server.js';
import { loadConfig } from '../../platform/config.server.js';
import { signToken } from '../../platform/tokens/signed-token.server.js';
import { openDatabase } from '../../db/knex.server.js';
import { migrateLatest } from '../../db/migrate.server.js';
import { processesUsingDirectory } from '../../db/pglite-in-use.server.js';
import { runClientCommand, type ClientCommand, type ClientCommandResult } from '../integration/client-keys.server.js';
import { ADMIN_PURPOSE } from '../integration/routes.server.js';
import { runCli } from './args.server.js';

const USAGE = 'usage: npm run integration-client -- create <name> | list | revoke <name>';

function commandFrom(argv: string[]): ClientCommand | null {
  const [action, ...rest] = argv;
  const name = rest.join(' ').trim();
  if (action === 'list' && !name) return { action };
  if ((action === 'create' || action === 'revoke') && name) return { action, name };
  return null;
}

async function throughServer(config: Config, command: ClientCommand): Promise<ClientCommandResult | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/integration/admin/clients`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${signToken(config.sessionSecret, ADMIN_PURPOSE, {}, { now: new Date(), ttlSeconds: 60 })}`,
      },
      body: JSON.stringify(command),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 403)
      return { ok: false, message: `The server on port ${config.port} runs with another SESSION_SECRET than this command.` };
    if (res.status !== 200) return null;
    return (await res.json()) as ClientCommandResult;
  } catch {
    return null;
  }
}

async function directly(config: Config, command: ClientCommand): Promise<ClientCommandResult> {
  const pgliteDir = join(config.dataDir, 'pglite');
  if (!config.databaseUrl) {
    const holders = processesUsingDirectory(pgliteDir);
    if (holders && holders.length > 0) {
      return {
        ok: false,
        message: `The embedded database is in use by process ${holders.join(', ')}: run this command with that server's PORT, or stop it.`,
      };
    }
  }
  const db = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, poolMax: 2 });
  try {
    await migrateLatest(db.knex);
    return await runClientCommand(db.knex, command, new Date());
  } finally {
    await db.close();
  }
}

async function main(): Promise<number> {
  const config = loadConfig();
  const command = commandFrom(process.argv.slice(2));
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const result = (!config.databaseUrl && (await throughServer(config, command))) || (await directly(config, command));
  if (!result.ok) {
    console.error(result.message);
    return 1;
  }
  for (const line of result.lines) console.log(line);
  return 0;
}

runCli(main);
