import type { Config } from '../config.server.js';
import type { ObjectStore } from './object-store.server.js';
import { LocalObjectStore } from './local-store.server.js';
import { S3ObjectStore } from './s3-store.server.js';

/** S3 when S3_BUCKET is set, else the embedded store in $DATA_DIR/objects (DESIGN §5). */
export function createObjectStore(config: Config, now: () => Date = () => new Date()): ObjectStore {
  if (config.s3) return new S3ObjectStore(config.s3, config.sessionSecret, now);
  return new LocalObjectStore(config.dataDir, config.sessionSecret, now);
}
