import type { Knex } from 'knex';
import { randomToken, sha256 } from '../auth/tokens.server.js';
import {
  insertIntegrationClient,
  listIntegrationClients,
  revokeIntegrationClient,
  type IntegrationClientRow,
} from '../../db/repos/integration.server.js';

/** Keys carry a recognisable prefix (secret scanners, logs) and 256 random bits; only their sha256 is kept. */
export const KEY_PREFIX = 'fa_int_';

export function keyHash(key: string): string {
  return sha256(key);
}

export function looksLikeKey(value: string): boolean {
  return value.startsWith(KEY_PREFIX) && /^[A-Za-z0-9_-]{50}$/.test(value);
}

export const CLIENT_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/;

export type ClientCommand = { action: 'create'; name: string } | { action: 'list' } | { action: 'revoke'; name: string };
export type ClientCommandResult = { ok: true; lines: string[] } | { ok: false; message: string };

/** create | list | revoke, shared by the CLI (on the database) and the server's loopback endpoint. */
export async function runClientCommand(knex: Knex, command: ClientCommand, now: Date): Promise<ClientCommandResult> {
  if (command.action === 'list') {
    const rows = await listIntegrationClients(knex);
    return { ok: true, lines: rows.length === 0 ? ['No integration clients.'] : rows.map(describe) };
  }
  if (!CLIENT_NAME.test(command.name))
    return { ok: false, message: 'A client name is 1-64 letters, digits, spaces, dots, dashes or underscores.' };
  if (command.action === 'revoke') {
    return (await revokeIntegrationClient(knex, command.name, now))
      ? { ok: true, lines: [`Revoked ${command.name}: its key no longer works.`] }
      : { ok: false, message: `No live client named ${command.name}.` };
  }
  const key = `${KEY_PREFIX}${randomToken()}`;
  if (!(await insertIntegrationClient(knex, command.name, keyHash(key), now)))
    return { ok: false, message: `A live client named ${command.name} exists: revoke it first.` };
  return { ok: true, lines: [`Created ${command.name}. Its key (shown once, store it now):`, key] };
}

function describe(row: IntegrationClientRow): string {
  const state = row.revoked_at ? `revoked ${new Date(row.revoked_at).toISOString()}` : 'live';
  const used = row.last_used_at ? `last used ${new Date(row.last_used_at).toISOString()}` : 'never used';
  return `${row.name}\t${state}\tcreated ${new Date(row.created_at).toISOString()}\t${used}`;
}
