import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import ClientPgLite from 'knex-pglite';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  knex: Knex;
  kind: DatabaseKind;
  /** Present for the embedded database: the single session every query goes through. */
  pglite: PGlite | null;
  /** The PostgreSQL connection string (null on PGlite), for clients with their own pool such as pg-boss. */
  connectionString: string | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when null the embedded PGlite is used. */
  databaseUrl: string | null;
  /** Folder for PGlite's files, or 'memory://' for a throwaway in-memory database. */
  pgliteDir?: string;
  /** PGlite data directory dump to start from (tests clone a migrated template this way). */
  pgliteLoadDataDir?: Blob;
  poolMax?: number;
}

// int8 (count(*), bigserial) as a JS number on both drivers; our counts stay far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number.parseInt(v, 10));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const knex = knexFactory({
      client: 'pg',
      connection: options.databaseUrl,
      pool: { min: 0, max: options.poolMax ?? 10 },
      acquireConnectionTimeout: 10_000,
    });
    return { knex, kind: 'postgres', pglite: null, connectionString: options.databaseUrl, close: () => knex.destroy() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) {
    // Applicants' data is this user's alone: the files PGlite creates later follow the umask.
    process.umask(0o077);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  const pglite = await PGlite.create(dir, {
    extensions: { pg_trgm },
    parsers: { 20: (v: string) => Number.parseInt(v, 10) },
    loadDataDir: options.pgliteLoadDataDir,
  });
  // The files of a new data folder are written 0666 whatever the umask: closed once here.
  if (!dir.startsWith('memory://')) ownerOnly(dir);
  const knex = knexFactory({
    client: ClientPgLite as unknown as typeof knexFactory.Client,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
    // PGlite is one session: waiting longer than this means something holds it (a bug), so fail loudly.
    acquireConnectionTimeout: 30_000,
  } as Knex.Config);
  return {
    knex,
    kind: 'pglite',
    pglite,
    connectionString: null,
    close: async () => {
      await knex.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Removes the group's and others' permissions from a folder and everything in it (files 0600, folders 0700). */
function ownerOnly(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) ownerOnly(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}
