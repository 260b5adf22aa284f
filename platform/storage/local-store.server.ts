import { createReadStream } from 'node:fs';
import { access, constants, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertValidKey,
  isValidKey,
  StorageUnavailableError,
  type ObjectHead,
  type ObjectStore,
  type PresignedPost,
} from './object-store.server.js';
import { signUploadPolicy } from './signing.server.js';
import { downloadUrl } from './download-link.server.js';

/** Where the browser POSTs uploads for the embedded store (same origin; see storage routes). */
export const LOCAL_UPLOAD_PATH = '/local-store/upload';

/**
 * The embedded object store of DESIGN §5: one file per key under `$DATA_DIR/objects`. Uploads arrive
 * through this app's upload route, which checks the signed policy exactly as S3 would.
 */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly secret: string,
    private readonly now: () => Date,
  ) {
    this.root = resolve(dataDir, 'objects');
  }

  private pathOf(key: string): string {
    assertValidKey(key);
    const path = resolve(this.root, ...key.split('/'));
    // Belt and braces: the key pattern already excludes anything that could leave the root.
    if (!path.startsWith(this.root + sep)) throw new Error('object key escapes the store');
    return path;
  }

  async presignPost(key: string, options: { maxBytes: number; expiresSeconds: number; redirect?: string }): Promise<PresignedPost> {
    assertValidKey(key);
    const expiresAt = new Date(this.now().getTime() + options.expiresSeconds * 1000);
    return { url: LOCAL_UPLOAD_PATH, fields: signUploadPolicy(this.secret, key, options.maxBytes, expiresAt, options.redirect) };
  }

  async head(key: string): Promise<ObjectHead | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, contentType: null } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new StorageUnavailableError(err);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new StorageUnavailableError(err);
    }
  }

  async getStream(key: string): Promise<Readable | null> {
    const path = this.pathOf(key);
    return (await this.head(key)) ? createReadStream(path) : null;
  }

  async putFile(key: string, source: string, _contentType?: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 }).catch((err: unknown) => {
      throw new StorageUnavailableError(err);
    });
    const temp = join(dirname(path), `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await copyFile(source, temp);
      await rename(temp, path);
    } catch (err) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw new StorageUnavailableError(err);
    }
  }

  async put(key: string, body: Buffer | Uint8Array, _contentType?: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 }).catch((err: unknown) => {
      throw new StorageUnavailableError(err);
    });
    // Write then rename: a reader never sees a half-written object, a crash leaves only a temp file.
    const temp = join(dirname(path), `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      // Applicants' documents: readable by this service's user only.
      await writeFile(temp, body, { mode: 0o600 });
      await rename(temp, path);
    } catch (err) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw new StorageUnavailableError(err);
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true }).catch((err: unknown) => {
      throw new StorageUnavailableError(err);
    });
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw new StorageUnavailableError(err);
      }
      for (const entry of entries) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        // A write cut short leaves a .tmp- file: never an object.
        else if (entry.isFile() && !entry.name.startsWith('.tmp-')) keys.push(relative(this.root, path).split(sep).join('/'));
      }
    };
    await walk(this.root);
    return keys.filter((key) => key.startsWith(prefix) && isValidKey(key)).sort();
  }

  async signedDownloadUrl(key: string, filename: string): Promise<string> {
    assertValidKey(key);
    return downloadUrl(this.secret, key, filename, this.now());
  }

  async ping(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true, mode: 0o700 });
      await access(this.root, constants.W_OK);
    } catch (err) {
      throw new StorageUnavailableError(err);
    }
  }
}
