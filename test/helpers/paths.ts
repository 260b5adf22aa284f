import { join } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname;
export const TEST_TMP = join(ROOT, '.test-tmp');
/** Uncompressed: each test file loads it, and gunzip cost more than the read (about 1 s a file). */
export const PGLITE_TEMPLATE = join(TEST_TMP, 'pglite-template.tar');
