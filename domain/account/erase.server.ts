import type { AppServices } from '../../platform/app-services.server.js';
import type { AuditEntry } from '../../db/repos/staff.server.js';
import { eraseAccountRows, objectKeysOf } from '../../db/repos/erase.server.js';
import { accountTraces } from './erasure-traces.server.js';

/** The prefixes every object of an account is stored under (platform/storage/document-keys.server.ts, the application PDF). */
export function objectPrefixesOf(userId: string): string[] {
  return [`users/${userId}/`, `converted/${userId}/`];
}

/**
 * Deletes an account and everything of it (issue 27): its rows, then its objects — those the rows name and any
 * other under its prefixes (an upload never registered, an older PDF). The rows go first, in one transaction: once
 * it commits the account no longer exists for anyone; an object the store fails to delete is logged by key, which
 * names no person. With unsubmittedOnly nothing is deleted once the application is submitted (§4: final).
 */
/** What erasing needs: the web side and the retention job (workers/jobs/retention.server.ts) both have it. */
export type ErasureServices = Pick<AppServices, 'db' | 'storage' | 'logger' | 'config'>;

export async function eraseApplicant(
  services: ErasureServices,
  userId: string,
  audit: Omit<AuditEntry, 'user_id'>,
  options: { unsubmittedOnly: boolean },
): Promise<'erased' | 'missing' | 'submitted'> {
  const { knex } = services.db;
  const named = await objectKeysOf(knex, userId);
  const prefixed = (
    await Promise.all(objectPrefixesOf(userId).map((prefix) => services.storage.list(prefix).catch(() => [] as string[])))
  ).flat();
  const keys = [...new Set([...named, ...prefixed])];
  const account = (await knex('users').where({ id: userId }).first('username')) as { username: string } | undefined;
  const traces = accountTraces(services, userId, account?.username ?? null);
  const outcome = await eraseAccountRows(knex, userId, { ...audit, detail: { ...audit.detail, objects: keys.length } }, traces, options);
  if (outcome !== 'erased') return outcome;
  // Listed again: an upload that landed while the rows were going is caught too.
  const late = (
    await Promise.all(objectPrefixesOf(userId).map((prefix) => services.storage.list(prefix).catch(() => [] as string[])))
  ).flat();
  for (const key of new Set([...keys, ...late])) {
    await services.storage
      .delete(key)
      .catch((err: unknown) =>
        services.logger.error({ key, err: (err as Error).message }, 'an object of a deleted account could not be deleted'),
      );
  }
  return 'erased';
}
