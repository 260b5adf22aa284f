import { join } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname;
export const TEST_TMP = join(ROOT, '.test-tmp');
export const PGLITE_TEMPLATE = join(TEST_TMP, 'pglite-template.tar.gz');
