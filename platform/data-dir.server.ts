import { chmodSync, mkdirSync } from 'node:fs';

/**
 * DATA_DIR holds minors' data (the embedded database, uploaded documents, e-mails with codes and links) and the
 * generated session secret: the folder is 0700 and everything this process creates is 0600 / 0700 (umask 077),
 * whatever created it (PGlite, the local store, the outbox, LibreOffice's temporary files).
 */
export function protectDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // A folder made by an older version (0755) is closed too; one owned by another user (a mounted volume) is
  // its owner's to set.
  try {
    chmodSync(dataDir, 0o700);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
}
