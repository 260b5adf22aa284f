import type { Knex } from 'knex';
import * as m001 from './001_foundation.js';

export interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/**
 * Every migration, in order. Listed statically (not read from the folder) so the same list works
 * under tsx, jest and a bundled build. Append new migrations; never rename or reorder applied ones.
 */
export const MIGRATIONS: ReadonlyArray<readonly [name: string, migration: Migration]> = [
  ['001_foundation', m001],
];
